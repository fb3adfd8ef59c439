import type { UploadTranscription } from '@lectern/contracts';
import { AudioLines, RotateCcw } from 'lucide-react';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useRetryTranscription } from '@/hooks/use-upload-transcription';
import { transcriptionStep } from '@/lib/recording';

/**
 * Where the transcript of an uploaded recording (or of a YouTube video's audio) stands while speech recognition writes it: the step with a
 * progress bar, or in one line why it failed, with a button to try again.
 */
export function TranscriptionStatus({ status }: { status: UploadTranscription | undefined }) {
  const failed = status?.state === 'failed';
  return (
    <Card className="gap-4" role="region" aria-label="Transcription">
      <CardHeader className="gap-1">
        <h2 className="flex items-center gap-2 text-lg leading-none font-semibold">
          <AudioLines className="size-5" aria-hidden />
          {failed ? 'Transcription failed' : 'Writing the transcript'}
        </h2>
        {failed ? null : (
          <p className="text-sm text-muted-foreground">
            Speech recognition is transcribing the audio; this page updates by itself.
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-2">
        {failed ? (
          <>
            <p role="alert" className="text-sm text-destructive dark:text-red-400">
              {transcriptionStep(status)}
            </p>
            <RetryTranscription videoId={status.videoId} />
          </>
        ) : (
          <>
            <Progress value={status?.percent ?? 0} aria-label="Transcription progress" />
            <p role="status" className="text-sm text-muted-foreground">
              {status ? transcriptionStep(status) : 'Checking the transcription…'}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Queues the failed transcription again (what was transcribed before the failure is kept); says why it cannot. */
function RetryTranscription({ videoId }: { videoId: string }) {
  const retry = useRetryTranscription(videoId);
  return (
    <div className="space-y-2">
      <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
        <RotateCcw aria-hidden />
        {retry.isPending ? 'Trying again…' : 'Try again'}
      </Button>
      {retry.isError ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {errorMessage(retry.error, 'The transcription could not be started again. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}
