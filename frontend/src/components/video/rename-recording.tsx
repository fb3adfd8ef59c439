import { MAX_TITLE_LENGTH } from '@lectern/contracts';
import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { WithTooltip } from '@/components/ui/tooltip';
import { useRenameRecording } from '@/hooks/use-rename-recording';

/**
 * The title of an uploaded recording (its file's name at first), with a button that turns it into a field to
 * rename it; the gateway's reason shows under the field when it refuses the title.
 */
export function RecordingTitle({ videoId, title }: { videoId: string; title: string }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const rename = useRenameRecording(videoId);
  const fieldId = useId();
  const problemId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(draft, { onSuccess: () => setEditing(false) });
  };
  const onCancel = () => {
    rename.reset();
    setEditing(false);
  };

  if (!editing)
    return (
      <div className="flex items-start gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
        <WithTooltip label="Rename">
          <Button
            variant="ghost"
            size="icon"
            className="mt-0.5 size-8 shrink-0"
            aria-label="Rename recording"
            onClick={() => {
              setDraft(title);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
          </Button>
        </WithTooltip>
      </div>
    );

  return (
    <form onSubmit={onSubmit} className="space-y-2" aria-label="Rename recording">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Title
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={fieldId}
          value={draft}
          maxLength={MAX_TITLE_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={rename.isError || undefined}
          aria-describedby={rename.isError ? problemId : undefined}
          disabled={rename.isPending}
          autoFocus
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
      {rename.isError ? (
        <p id={problemId} role="alert" className="text-sm text-destructive dark:text-red-400">
          {errorMessage(rename.error, 'The recording could not be renamed. Please try again.')}
        </p>
      ) : null}
    </form>
  );
}
