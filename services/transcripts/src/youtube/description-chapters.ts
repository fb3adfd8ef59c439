import { parseTimestamp, type Chapter } from '@lectern/contracts';

// YouTube's own chapters, read from a video's description (`videoDetails.shortDescription` of the player
// response) by YouTube's published rules.

/** YouTube shows chapters only when there are at least this many... */
export const MIN_CHAPTERS = 3;
/** ...and each lasts at least this many seconds. */
export const MIN_CHAPTER_SECONDS = 10;

// A timestamp as descriptions write it: `0:00`, `00:00`, `1:02:03`, sometimes in brackets.
const STAMP = String.raw`[[(]?((?:\d{1,2}:)?\d{1,3}:[0-5]\d)\b[\])]?`;
// As yt-dlp reads descriptions: the timestamp then the title on one line, or (failing that) the title then
// the timestamp; a dash, colon, bar or dot between them is not part of the title.
const STAMP_FIRST = new RegExp(String.raw`^\s*(?:[-*•▶►]\s*)?${STAMP}\s*(?:[-–—:|.)]\s*)*(\S.*?)\s*$`, 'u');
const STAMP_LAST = new RegExp(String.raw`^\s*(\S.*?)\s*(?:[-–—:|]\s*)*${STAMP}\s*$`, 'u');

function linesOf(description: string, pattern: RegExp, order: 'stamp-first' | 'stamp-last'): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r?\n/u)) {
    const match = pattern.exec(line);
    if (!match) continue;
    const [stamp, title] = order === 'stamp-first' ? [match[1], match[2]] : [match[2], match[1]];
    const start = parseTimestamp(stamp ?? '');
    const text = (title ?? '').trim();
    if (start === null || text === '') continue;
    chapters.push({ title: text, start });
  }
  return chapters;
}

/**
 * Whether timestamps make chapters as YouTube's rules have them: the first at 0:00, at least three, in
 * ascending order, each at least ten seconds long (the last one too, when the video's duration is known).
 */
export function areYouTubeChapters(chapters: readonly Chapter[], duration: number | null = null): boolean {
  if (chapters.length < MIN_CHAPTERS || chapters[0]?.start !== 0) return false;
  for (let index = 1; index < chapters.length; index += 1) {
    const gap = (chapters[index]?.start ?? 0) - (chapters[index - 1]?.start ?? 0);
    if (gap < MIN_CHAPTER_SECONDS) return false;
  }
  const last = chapters[chapters.length - 1]?.start ?? 0;
  return duration === null || duration - last >= MIN_CHAPTER_SECONDS;
}

/**
 * The chapters a video's description gives, read as YouTube reads them: the run of timestamped lines that
 * starts at 0:00 (other timestamps in the text before it, e.g. "see 4:20", are not chapters). None when they
 * break one of YouTube's rules, since YouTube then shows none either.
 */
export function chaptersFromDescription(
  description: string | null | undefined,
  duration: number | null = null,
): Chapter[] {
  if (!description) return [];
  for (const order of ['stamp-first', 'stamp-last'] as const) {
    const found = linesOf(description, order === 'stamp-first' ? STAMP_FIRST : STAMP_LAST, order);
    const first = found.findIndex((chapter) => chapter.start === 0);
    if (first === -1) continue;
    const chapters = found.slice(first);
    return areYouTubeChapters(chapters, duration) ? chapters : [];
  }
  return [];
}
