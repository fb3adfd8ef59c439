import { UPLOAD_EXTENSIONS } from '@lectern/contracts';
import { Upload as UploadIcon } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import type { HttpStack } from 'tus-js-client';
import { ProBadge, ProUpsell } from '@/components/pro/pro-plan';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { useRecordingUpload } from '@/hooks/use-recording-upload';
import { formatBytes, UPLOAD_ACCEPT } from '@/lib/recording';

const KINDS = UPLOAD_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ');

/**
 * Uploads a lecture recording (Pro) to be transcribed by speech recognition: a file input, then the upload's
 * progress with a Cancel button; a refused file says why in one line. Free users see what it is with the Pro badge
 * and an upgrade link.
 */
export function UploadRecordingCard({
  isPro,
  onUploaded,
  httpStack,
}: {
  isPro: boolean;
  onUploaded: (videoId: string) => void;
  httpStack?: HttpStack;
}) {
  const { state, start, cancel } = useRecordingUpload({
    onFinished: ({ videoId }) => onUploaded(videoId),
    httpStack,
  });
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploading = state.status === 'uploading' || state.status === 'done';

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) start(file);
  };
  const onCancel = () => {
    cancel();
    if (input.current) input.current.value = '';
  };

  return (
    <Card className="gap-4 px-6" role="region" aria-labelledby={`${inputId}-title`}>
      <CardHeader className="gap-1 px-0">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`${inputId}-title`} className="flex items-center gap-2 text-lg">
            <UploadIcon className="size-5" aria-hidden />
            Upload a recording
          </CardTitle>
          {!isPro ? <ProBadge /> : null}
        </div>
        <CardDescription>
          A lecture that is not on YouTube: Lectern writes its transcript by speech recognition, with
          timestamps.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 px-0">
        {!isPro ? <ProUpsell>Uploading recordings is part of Lectern Pro.</ProUpsell> : null}
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Recording</Label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            aria-describedby={hintId}
            disabled={!isPro || uploading}
            onChange={onChange}
            className="block w-full cursor-pointer rounded-md border border-input bg-transparent text-sm text-muted-foreground shadow-xs file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground disabled:cursor-not-allowed disabled:opacity-50"
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            {KINDS}: audio or video.
          </p>
        </div>
        {state.status === 'uploading' ? (
          <div className="space-y-2" aria-live="polite">
            <Progress
              value={state.total > 0 ? (state.sent / state.total) * 100 : 0}
              aria-label="Upload progress"
            />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="text-muted-foreground">
                {`Uploading ${state.fileName}… ${state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0}% (${formatBytes(state.sent)} of ${formatBytes(state.total)})`}
              </p>
              <Button type="button" variant="outline" size="sm" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
        {state.status === 'done' ? (
          <p role="status" className="text-sm text-muted-foreground">
            Uploaded. Opening its page…
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {state.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
