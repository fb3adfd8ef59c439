import type { Video } from '@lectern/contracts';
import { ListTree } from 'lucide-react';
import { ChapterList } from '@/components/video/chapters/chapter-list';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useVideoChapters } from '@/hooks/use-video-chapters';

/**
 * The video's chapters beside the transcript: YouTube's own, else the sections of the outline once one is
 * generated (Study tools, Outline). Nothing is shown for a video that has neither.
 */
export function ChaptersCard({
  video,
  currentTime,
  onSeek,
}: {
  video: Pick<Video, 'id' | 'chapters'>;
  currentTime: number;
  onSeek: (seconds: number) => void;
}) {
  const { chapters, source } = useVideoChapters(video);
  if (chapters.length === 0) return null;
  return (
    <Card className="gap-3" role="region" aria-label="Chapters of the video">
      <CardHeader className="gap-1">
        <h2 className="flex items-center gap-2 text-lg leading-none font-semibold">
          <ListTree className="size-5" aria-hidden />
          Chapters
        </h2>
        <p className="text-xs text-muted-foreground">
          {source === 'youtube'
            ? 'From the video’s description on YouTube.'
            : 'From the outline of this video.'}
        </p>
      </CardHeader>
      <CardContent>
        <ChapterList chapters={chapters} currentTime={currentTime} onSeek={onSeek} />
      </CardContent>
    </Card>
  );
}
