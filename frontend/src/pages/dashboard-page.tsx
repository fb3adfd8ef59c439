import type { VideoSummary } from '@lectern/contracts';
import { Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { DeleteVideoDialog } from '@/components/library/delete-video-dialog';
import { VideoCard } from '@/components/library/video-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { useDeleteVideo, useVideos } from '@/hooks/use-videos';
import { filterLibrary } from '@/lib/library-search';
import { ROUTES } from '@/routes';

/** Spec section 9: six skeleton cards while the library loads. */
export const LIBRARY_SKELETONS = 6;

export default function DashboardPage() {
  const videos = useVideos();
  const deleteVideo = useDeleteVideo();
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<VideoSummary | null>(null);
  const shown = useMemo(() => filterLibrary(videos.data ?? [], search), [videos.data, search]);

  const confirmDelete = (video: VideoSummary) => {
    deleteVideo.mutate(video.id, {
      onSuccess: () => {
        toast({ title: 'Video deleted', description: 'The video has been removed from your library.' });
        setToDelete(null);
      },
      onError: (error) => {
        toast({
          title: 'Delete failed',
          description: errorMessage(error, 'Failed to delete video'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My Library</h1>
          <p className="mt-1 text-muted-foreground">Your saved transcripts and analyses</p>
        </div>
        <Button asChild>
          <Link to={ROUTES.analyze}>
            <Plus aria-hidden />
            Analyze New Video
          </Link>
        </Button>
      </div>

      <div className="relative max-w-md">
        <Search
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search your videos"
          placeholder="Search your videos..."
          className="pl-9"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      {videos.isPending ? (
        <div
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy="true"
          aria-label="Loading your library"
        >
          {Array.from({ length: LIBRARY_SKELETONS }, (_, i) => (
            <Card key={i} className="gap-0 overflow-hidden py-0" data-testid="video-skeleton">
              <Skeleton className="aspect-video rounded-none" />
              <div className="space-y-2 p-4">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </Card>
          ))}
        </div>
      ) : videos.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(videos.error, 'Your library could not be loaded. Please refresh the page.')}
        </p>
      ) : shown.length === 0 ? (
        <Card className="items-center px-6 py-16 text-center">
          {search.trim() !== '' ? (
            <>
              <h2 className="text-xl font-semibold">No videos found</h2>
              <p className="text-muted-foreground">Try a different search term</p>
            </>
          ) : (
            <>
              <h2 className="text-xl font-semibold">No videos yet</h2>
              <p className="text-muted-foreground">Analyse your first YouTube video to start your library.</p>
              <Button asChild>
                <Link to={ROUTES.analyze}>Get Started</Link>
              </Button>
            </>
          )}
        </Card>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((video) => (
            <li key={video.id} className="flex">
              <VideoCard video={video} onDelete={setToDelete} />
            </li>
          ))}
        </ul>
      )}

      <DeleteVideoDialog
        video={toDelete}
        pending={deleteVideo.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
