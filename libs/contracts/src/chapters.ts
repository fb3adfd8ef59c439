import { z } from 'zod';

/** A chapter of a video: its title and where it starts, in seconds. */
export const ChapterSchema = z.object({
  title: z.string(),
  start: z.number().nonnegative(),
});
export type Chapter = z.infer<typeof ChapterSchema>;

/** The chapter playing at `seconds`: the last that starts at or before it (-1 before the first). */
export function currentChapterIndex(chapters: readonly Pick<Chapter, 'start'>[], seconds: number): number {
  let current = -1;
  for (let index = 0; index < chapters.length; index += 1) {
    if ((chapters[index]?.start ?? Infinity) <= seconds) current = index;
    else break;
  }
  return current;
}
