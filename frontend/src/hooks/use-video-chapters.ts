import type { Video } from '@lectern/contracts';
import { useMemo } from 'react';
import { useAiContent } from '@/hooks/use-ai-content';
import { latestByFeature } from '@/lib/ai-results';
import { chaptersOf, outlineOf, type VideoChapters } from '@/lib/chapters';

/** The video's chapters: YouTube's own, else the sections of its outline once one is generated. */
export function useVideoChapters(video: Pick<Video, 'id' | 'chapters'>): VideoChapters {
  const content = useAiContent(video.id);
  const outline = useMemo(
    () => outlineOf(latestByFeature(content.data ?? []).get('outline')),
    [content.data],
  );
  return useMemo(() => chaptersOf(video.chapters, outline), [video.chapters, outline]);
}
