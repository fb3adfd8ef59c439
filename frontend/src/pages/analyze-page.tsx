import { Clock, FileText, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSampleVideos } from '@/hooks/use-sample-videos';
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

export default function AnalyzePage() {
  const [url, setUrl] = useState('');
  const fetchTranscript = useFetchTranscript();
  const navigate = useNavigate();
  const samples = useSampleVideos();
  const samplesLabelId = useId();
  const pending = fetchTranscript.isPending;

  const analyse = (link: string) => {
    fetchTranscript.mutate(link, {
      onSuccess: ({ id }) => {
        toast({
          title: 'Transcript ready!',
          description: 'Your video has been analyzed and is ready to explore.',
        });
        void navigate(buildRoute.video(id));
      },
      onError: (error) => {
        toast({
          title: 'Failed to fetch transcript',
          description: errorMessage(error, 'Failed to fetch transcript'),
          variant: 'destructive',
        });
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (url.trim() === '') {
      toast({ title: 'URL required', description: 'Please enter a YouTube URL', variant: 'destructive' });
      return;
    }
    analyse(url.trim());
  };

  const trySample = (link: string) => {
    setUrl(link);
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
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-busy={pending}>
          <Label htmlFor="youtube-url">YouTube URL</Label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              id="youtube-url"
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=dQw4w9WgXcQ"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              disabled={pending}
              required
            />
            <Button type="submit" disabled={pending} className="sm:w-36">
              {pending ? 'Analyzing...' : 'Analyze'}
            </Button>
          </div>
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
        </form>
      </Card>
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
