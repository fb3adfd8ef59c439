import {
  formatTimestamp,
  parseTimestamp,
  TIMESTAMP_PATTERN,
  type AnswerCitation,
  type CourseLecture,
} from '@lectern/contracts';

/** How a course's answer cites a moment: `[Lecture 3, 12:34]`, the lecture's number in the course's order. */
const LECTURE_MOMENTS = new RegExp(String.raw`\[Lecture (\d+), (${TIMESTAMP_PATTERN})\]`, 'g');

/** A piece of a course's answer: plain words, or a cited moment of one of its lectures (`text` its label). */
export type LecturePiece =
  { text: string; citation: null } | { text: string; citation: { videoId: string; seconds: number } };

/**
 * The lecture a citation names. The answer's text names it by number; the stored citations name the video, which
 * still holds when the course has been reordered since. While the answer is written there are no citations yet.
 */
function citedVideo(
  number: number,
  seconds: number,
  lectures: readonly CourseLecture[],
  citations: readonly AnswerCitation[],
): string | null {
  const numbered = lectures.find((lecture) => lecture.number === number)?.videoId ?? null;
  const atMoment = citations.filter(
    (citation) => citation.videoId !== undefined && Math.floor(citation.start) === seconds,
  );
  if (atMoment.length === 1 && atMoment[0]?.videoId !== numbered) return atMoment[0]?.videoId ?? null;
  return numbered;
}

/**
 * Splits a course's answer at its cited moments, each labelled `Lecture 3, 12:34` (the brackets stay plain text)
 * and resolved to its lecture's video; a citation of a lecture no longer in the course stays plain text.
 */
export function splitLectureMoments(
  text: string,
  lectures: readonly CourseLecture[],
  citations: readonly AnswerCitation[],
): LecturePiece[] {
  const pieces: LecturePiece[] = [];
  let plain = '';
  let cursor = 0;
  for (const match of text.matchAll(LECTURE_MOMENTS)) {
    const number = Number(match[1]);
    const seconds = parseTimestamp(match[2] ?? '');
    const videoId = seconds === null ? null : citedVideo(number, seconds, lectures, citations);
    if (seconds === null || videoId === null) continue;
    plain += `${text.slice(cursor, match.index)}[`;
    pieces.push({ text: plain, citation: null });
    pieces.push({ text: `Lecture ${number}, ${formatTimestamp(seconds)}`, citation: { videoId, seconds } });
    plain = ']';
    cursor = match.index + match[0].length;
  }
  plain += text.slice(cursor);
  if (plain !== '') pieces.push({ text: plain, citation: null });
  return pieces;
}
