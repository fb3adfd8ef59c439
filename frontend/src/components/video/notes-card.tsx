import type { Video } from '@lectern/contracts';
import { Clock } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '@/api/http';
import { MomentText } from '@/components/video/player/moment-link';
import { usePlayerControls } from '@/components/video/player/player-context';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { useSaveNotes } from '@/hooks/use-videos';
import { hasMoments, insertAtCursor, momentTag } from '@/lib/moments';

/** Alt+T writes the current moment, wherever the keyboard layout puts T (Option+T on a Mac types †). */
export function isInsertMomentKey(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>,
): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT';
}

/**
 * Notes saved per video; mount with `key={video.id}` so another video starts from its own notes. The current
 * moment of the video can be written at the cursor (`[m:ss]`); saved notes show their moments as links.
 */
export function NotesCard({ video }: { video: Pick<Video, 'id' | 'notes'> }) {
  const [notes, setNotes] = useState(video.notes);
  const saveNotes = useSaveNotes(video.id);
  const { onPage: pageOfVideo, playable, getCurrentTime } = usePlayerControls();
  // The current moment is the player's: a recording's page has none.
  const onPage = pageOfVideo && playable;
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const savedId = useId();

  const insertMoment = () => {
    const element = field.current;
    const start = element?.selectionStart ?? notes.length;
    const end = element?.selectionEnd ?? notes.length;
    const next = insertAtCursor(notes, start, end, momentTag(getCurrentTime()));
    setNotes(next.text);
    // After React has written the new text: the cursor goes after the moment, and typing carries on there.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!onPage || !isInsertMomentKey(event)) return;
    event.preventDefault();
    insertMoment();
  };

  const onSave = () => {
    saveNotes.mutate(notes, {
      onSuccess: () => toast({ title: 'Note saved', description: 'Your notes are saved with this video.' }),
      onError: (error) =>
        toast({
          title: 'Save failed',
          description: errorMessage(error, 'Failed to save note'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold">
          <label htmlFor={fieldId}>Notes</label>
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <Textarea
          ref={field}
          id={fieldId}
          placeholder="Add your notes here..."
          className="min-h-32"
          value={notes}
          aria-keyshortcuts={onPage ? 'Alt+T' : undefined}
          onChange={(e) => setNotes(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {hasMoments(video.notes) ? (
          <section aria-labelledby={savedId} className="rounded-md border bg-muted/40 p-3">
            <h3 id={savedId} className="text-xs font-medium text-muted-foreground">
              Saved note
            </h3>
            <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line">
              <MomentText videoId={video.id} text={video.notes} />
            </p>
          </section>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2">
        {onPage ? (
          <Button variant="outline" size="sm" onClick={insertMoment} title="Alt+T">
            <Clock aria-hidden />
            Insert the current moment
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={onSave} disabled={notes.trim() === '' || saveNotes.isPending}>
          {saveNotes.isPending ? 'Saving...' : 'Save Note'}
        </Button>
      </CardFooter>
    </Card>
  );
}
