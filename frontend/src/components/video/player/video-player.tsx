import type { Video } from '@lectern/contracts';
import { ExternalLink } from 'lucide-react';
import { sourceVideoUrl } from '@/components/video/video-header';
import { usePlayerControls, usePlayerMount } from '@/components/video/player/player-context';
import { Button } from '@/components/ui/button';

/**
 * The video in YouTube's player, 16:9. Until it is ready the thumbnail stands in; when it cannot play here
 * the thumbnail stays, with one line saying why and the way to YouTube.
 */
export function VideoPlayer({ video }: { video: Pick<Video, 'youtubeId' | 'title' | 'thumbnailUrl'> }) {
  const { status, problem } = usePlayerControls();
  const mount = usePlayerMount();
  const title = video.title?.trim() || 'Untitled';
  return (
    <section aria-label="Video" className="space-y-2">
      <div className="relative aspect-video w-full overflow-hidden rounded-lg border bg-muted">
        {status !== 'ready' && video.thumbnailUrl ? (
          <img src={video.thumbnailUrl} alt="" className="absolute inset-0 size-full object-cover" />
        ) : null}
        <div
          ref={mount}
          data-player-status={status}
          className={status === 'unavailable' ? 'hidden' : 'absolute inset-0'}
          title={`Video player: ${title}`}
        />
      </div>
      {status === 'unavailable' ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-muted-foreground">{problem}</p>
          <Button asChild variant="outline" size="sm">
            <a href={sourceVideoUrl(video)} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              <span>
                Open on YouTube<span className="sr-only"> (opens in a new tab)</span>
              </span>
            </a>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
