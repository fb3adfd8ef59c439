import { parseOutline, type AiContentItem, type Chapter, type Outline } from '@lectern/contracts';

/** Where a video's chapters come from: YouTube's own (the description), or the outline Lectern wrote. */
export type ChapterSource = 'youtube' | 'outline';

export interface VideoChapters {
  chapters: Chapter[];
  source: ChapterSource | null;
}

/** The outline a stored `outline` item holds, or null without one (or one with no section). */
export function outlineOf(item: AiContentItem | undefined): Outline | null {
  if (!item || item.featureType !== 'outline') return null;
  const outline = parseOutline(item.outputText);
  return outline.sections.length > 0 ? outline : null;
}

/** YouTube's chapters when the video has them, else the outline's sections once one is generated. */
export function chaptersOf(youtubeChapters: readonly Chapter[], outline: Outline | null): VideoChapters {
  if (youtubeChapters.length > 0) return { chapters: [...youtubeChapters], source: 'youtube' };
  if (outline)
    return {
      chapters: outline.sections.map(({ title, start }) => ({ title, start })),
      source: 'outline',
    };
  return { chapters: [], source: null };
}

/**
 * The segments a chapter holds, as indices `[from, to)`: from the first segment said at or after its start (a
 * segment already under way when it starts belongs to the one before) to the first of the next chapter.
 */
export function chapterSegmentRange(
  segments: ReadonlyArray<{ start: number }>,
  chapters: readonly Chapter[],
  index: number,
): [number, number] {
  const firstAt = (seconds: number) => {
    const found = segments.findIndex((segment) => Math.floor(segment.start) >= Math.floor(seconds));
    return found === -1 ? segments.length : found;
  };
  const chapter = chapters[index];
  if (!chapter) return [0, segments.length];
  const from = index === 0 ? 0 : firstAt(chapter.start);
  const next = chapters[index + 1];
  return [from, next ? firstAt(next.start) : segments.length];
}
