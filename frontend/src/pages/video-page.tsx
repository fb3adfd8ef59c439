import { hasProAccess } from '@lectern/contracts';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { AiToolsPanel } from '@/components/ai/ai-tools-panel';
import { ChaptersCard } from '@/components/video/chapters/chapters-card';
import { WithMoments } from '@/components/video/chapters/with-moments';
import { MindMapCard } from '@/components/video/mind-map/mind-map-card';
import { NotesCard } from '@/components/video/notes-card';
import { TranscriptPanel } from '@/components/video/transcript-panel';
import { TranscriptSeekProvider } from '@/components/video/transcript-seek';
import { VideoHeader } from '@/components/video/video-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/hooks/use-auth';
import { useVideo } from '@/hooks/use-videos';
import { ROUTES } from '@/routes';

function VideoSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading video">
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-[600px] lg:col-span-2" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}

export default function VideoPage() {
  const { id = '' } = useParams();
  const video = useVideo(id);
  const { user } = useSession();
  const isPro = user ? hasProAccess(user) : false;

  if (video.isPending) return <VideoSkeleton />;
  if (video.isError) {
    const missing = video.error instanceof ApiError && video.error.status === 404;
    return (
      <Card className="mx-auto max-w-md items-center px-6 py-12 text-center">
        <h1 className="text-2xl font-semibold">
          {missing ? 'Video not found' : 'This video could not be loaded'}
        </h1>
        {missing ? null : <p className="text-muted-foreground">Please try again in a moment.</p>}
        <Button asChild>
          <Link to={ROUTES.dashboard}>Back to Dashboard</Link>
        </Button>
      </Card>
    );
  }

  return (
    <TranscriptSeekProvider>
      <div className="space-y-6 pb-20 lg:pb-0">
        <VideoHeader video={video.data} isPro={isPro} />
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <TranscriptPanel video={video.data} />
            <NotesCard key={video.data.id} video={video.data} />
            <WithMoments>
              {({ onSeek }) => <MindMapCard video={video.data} isPro={isPro} onSeek={onSeek} />}
            </WithMoments>
          </div>
          <div className="min-w-0 space-y-6">
            <WithMoments>{(moments) => <ChaptersCard video={video.data} {...moments} />}</WithMoments>
            <AiToolsPanel videoId={video.data.id} isPro={isPro} />
          </div>
        </div>
      </div>
    </TranscriptSeekProvider>
  );
}
