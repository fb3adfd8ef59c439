import { AudioLines } from 'lucide-react';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { useTranscribeAudio } from '@/hooks/use-videos';

/**
 * Shown when the video analysed has no captions and the server can transcribe its audio for this user: the
 * server's sentence and a "Transcribe the audio" button, which adds the video to the library and opens it while
 * speech recognition writes its transcript.
 */
export function TranscribeAudioOffer({
  youtubeUrl,
  message,
  onStarted,
}: {
  youtubeUrl: string;
  message: string;
  onStarted: (videoId: string) => void;
}) {
  const transcribe = useTranscribeAudio();
  const start = () =>
    transcribe.mutate(youtubeUrl, {
      onSuccess: ({ videoId }) => {
        toast({
          title: 'Transcribing the audio',
          description:
            'The video is in your library; its transcript appears when speech recognition is done.',
        });
        onStarted(videoId);
      },
      onError: (error) => {
        toast({
          title: 'The audio could not be transcribed',
          description: errorMessage(error, 'Please try again in a moment.'),
          variant: 'destructive',
        });
      },
    });
  return (
    <Card role="region" aria-label="No captions">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AudioLines className="size-5 text-primary" aria-hidden />
          No captions
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" onClick={start} disabled={transcribe.isPending}>
          {transcribe.isPending ? 'Starting…' : 'Transcribe the audio'}
        </Button>
        <p className="mt-2 text-sm text-muted-foreground">
          It counts against your monthly minutes of transcription.
        </p>
      </CardContent>
    </Card>
  );
}
