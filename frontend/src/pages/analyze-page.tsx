import {
  CaptionlessCode,
  FetchTranscriptRequestSchema,
  hasProAccess,
  parseYouTubeUrl,
  YouTubeUrlMessages,
  type FetchTranscriptRequest,
} from '@lectern/contracts';
import { Clock, FileText, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '@/api/http';
import { SchemaForm } from '@/components/form/schema-form';
import { TranscribeAudioOffer } from '@/components/upload/transcribe-audio-offer';
import { UploadRecordingCard } from '@/components/upload/upload-recording-card';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useSession } from '@/hooks/use-auth';
import { useSampleVideos } from '@/hooks/use-sample-videos';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { toast } from '@/hooks/use-toast';
import { useFetchTranscript } from '@/hooks/use-videos';
import { buildRoute } from '@/routes';

const INFO_CARDS = [
  {
    icon: Clock,
    title: 'Fast',
    text: 'Most transcripts are ready in a few seconds, even for long lectures.',
  },
  { icon: FileText, title: 'Timestamped', text: 'Every line keeps its moment in the video, one click away.' },
  {
    icon: Sparkles,
    title: 'AI-ready',
    text: 'Summaries, flashcards and notes can be generated straight away.',
  },
] as const;

/** The request's schema, plus the link check the gateway makes before fetching: the same 400 sentences. */
const AnalyseFormSchema = FetchTranscriptRequestSchema.superRefine(({ youtubeUrl }, ctx) => {
  const parsed = parseYouTubeUrl(youtubeUrl);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['youtubeUrl'], message: parsed.message });
});

export default function AnalyzePage() {
  // A link is checked as it is typed or pasted, never before: an untouched empty field says nothing.
  const form = useSchemaForm(AnalyseFormSchema, { mode: 'onChange', defaultValues: { youtubeUrl: '' } });
  const fetchTranscript = useFetchTranscript();
  const navigate = useNavigate();
  const samples = useSampleVideos();
  const samplesLabelId = useId();
  const pending = fetchTranscript.isPending;
  const { user } = useSession();
  const isPro = user ? hasProAccess(user) : false;
  // A video without captions whose audio the server offers to transcribe, with the server's sentence.
  const [captionless, setCaptionless] = useState<{ youtubeUrl: string; message: string } | null>(null);

  const analyse = (link: string) => {
    setCaptionless(null);
    fetchTranscript.mutate(link, {
      onSuccess: ({ id }) => {
        toast({
          title: 'Transcript ready!',
          description: 'Your video has been analyzed and is ready to explore.',
        });
        void navigate(buildRoute.video(id));
      },
      onError: (error) => {
        if (
          error instanceof ApiError &&
          error.code === CaptionlessCode.TranscribeAudio &&
          error.serverMessage
        ) {
          setCaptionless({ youtubeUrl: link, message: error.serverMessage });
          return;
        }
        toast({
          title: 'Failed to fetch transcript',
          description: errorMessage(error, 'Failed to fetch transcript'),
          variant: 'destructive',
        });
      },
    });
  };

  const onValid = ({ youtubeUrl }: FetchTranscriptRequest) => analyse(youtubeUrl.trim());

  const onInvalid = () => {
    if (form.getValues('youtubeUrl').trim() !== '') return;
    toast({ title: 'URL required', description: YouTubeUrlMessages.blank, variant: 'destructive' });
  };

  const trySample = (link: string) => {
    form.setValue('youtubeUrl', link, { shouldValidate: true });
    analyse(link);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Analyze a YouTube Video</h1>
        <p className="mt-2 text-muted-foreground">
          Paste a link to get its transcript, then search, highlight and study it.
        </p>
      </div>
      <Card className="px-6">
        <SchemaForm
          form={form}
          onValid={onValid}
          onInvalid={onInvalid}
          className="grid gap-3"
          aria-busy={pending}
        >
          <FormField
            control={form.control}
            name="youtubeUrl"
            render={({ field }) => (
              <FormItem id="youtube-url" className="gap-3">
                <FormLabel>YouTube URL</FormLabel>
                <div className="flex flex-col gap-3 sm:flex-row">
                  <FormControl>
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://www.youtube.com/watch?v=dQw4w9WgXcQ"
                      {...field}
                      disabled={pending}
                      required
                    />
                  </FormControl>
                  <Button type="submit" disabled={pending} className="sm:w-36">
                    {pending ? 'Analyzing...' : 'Analyze'}
                  </Button>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <p className="text-sm text-muted-foreground">
            Works with any public YouTube video that has captions available.
          </p>
          {samples.data && samples.data.length > 0 ? (
            <div role="group" aria-labelledby={samplesLabelId} className="flex flex-wrap items-center gap-2">
              <span id={samplesLabelId} className="text-sm font-medium">
                Try a sample:
              </span>
              {samples.data.map((sample) => (
                <Button
                  key={sample.youtubeUrl}
                  type="button"
                  variant="outline"
                  size="sm"
                  className="rounded-full"
                  disabled={pending}
                  onClick={() => trySample(sample.youtubeUrl)}
                >
                  {sample.title}
                </Button>
              ))}
            </div>
          ) : null}
        </SchemaForm>
      </Card>
      {captionless ? (
        <TranscribeAudioOffer
          key={captionless.youtubeUrl}
          youtubeUrl={captionless.youtubeUrl}
          message={captionless.message}
          onStarted={(id) => void navigate(buildRoute.video(id))}
        />
      ) : null}
      <UploadRecordingCard isPro={isPro} onUploaded={(id) => void navigate(buildRoute.video(id))} />
      <ul className="grid gap-4 sm:grid-cols-3">
        {INFO_CARDS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <Icon className="mb-2 size-5 text-primary" aria-hidden />
                <CardTitle>{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
