import { formatDuration, type VideoSummary } from '@lectern/contracts';
import { Trash2, Video as VideoIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { isUploadedRecording } from '@/lib/recording';
import { buildRoute } from '@/routes';

export function VideoCard({
  video,
  onDelete,
}: {
  video: VideoSummary;
  onDelete: (video: VideoSummary) => void;
}) {
  const title = video.title?.trim() || 'Untitled';
  return (
    <Card className="group relative w-full gap-0 overflow-hidden py-0 transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md">
      <Link to={buildRoute.video(video.id)} className="flex flex-1 flex-col outline-none">
        <div className="relative aspect-video bg-muted">
          {video.thumbnailUrl ? (
            <img src={video.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-muted-foreground">
              <VideoIcon className="size-8" aria-hidden />
            </div>
          )}
          <span className="absolute right-2 bottom-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium text-white">
            <span className="sr-only">Duration </span>
            {formatDuration(video.duration)}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h2 className="line-clamp-2 font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">
            {isUploadedRecording(video) ? 'Your recording' : video.channelName?.trim() || 'Unknown'}
          </p>
          <p className="text-xs text-muted-foreground">{formatDate(video.createdAt) ?? 'Unknown date'}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge variant="secondary">Transcript</Badge>
            <Badge variant="outline">AI Ready</Badge>
          </div>
        </div>
      </Link>
      <Button
        variant="destructive"
        size="icon"
        aria-label={`Delete ${title}`}
        className="absolute top-2 right-2 size-8 opacity-100 transition-opacity focus-visible:opacity-100 md:opacity-0 md:group-hover:opacity-100"
        onClick={() => onDelete(video)}
      >
        <Trash2 aria-hidden />
      </Button>
    </Card>
  );
}
