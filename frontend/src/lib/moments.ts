import { TIMESTAMP_PATTERN, formatTimestamp, parseTimestamp } from '@lectern/contracts';
import { buildRoute } from '@/routes';

/** A piece of text: plain words, or a written moment and the second it stands for. */
export type MomentPiece = { text: string; seconds: null } | { text: string; seconds: number };

/** `[m:ss]` (`[h:mm:ss]` past an hour): how answers cite moments and how notes keep them. */
export const BRACKETED_MOMENTS = new RegExp(String.raw`\[(${TIMESTAMP_PATTERN})\]`, 'g');
/** Study aids also write a moment in parentheses after a sentence: `… (12:34)`. */
export const CITED_MOMENTS = new RegExp(String.raw`[[(](${TIMESTAMP_PATTERN})[\])]`, 'g');

/** Splits text at its written moments; `text` of a moment piece is the whole match, brackets included. */
export function splitMoments(text: string, pattern: RegExp = BRACKETED_MOMENTS): MomentPiece[] {
  const pieces: MomentPiece[] = [];
  let cursor = 0;
  for (const match of text.matchAll(new RegExp(pattern.source, 'g'))) {
    const seconds = parseTimestamp(match[1] ?? '');
    if (seconds === null) continue;
    if (match.index > cursor) pieces.push({ text: text.slice(cursor, match.index), seconds: null });
    pieces.push({ text: match[0], seconds });
    cursor = match.index + match[0].length;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), seconds: null });
  return pieces;
}

/** Whether the text writes any moment the pattern finds. */
export function hasMoments(text: string, pattern: RegExp = BRACKETED_MOMENTS): boolean {
  return splitMoments(text, pattern).some((piece) => piece.seconds !== null);
}

/** Every moment written in the text, in order, each once. */
export function momentsIn(text: string, pattern: RegExp = CITED_MOMENTS): number[] {
  const seen = new Set<number>();
  for (const piece of splitMoments(text, pattern)) if (piece.seconds !== null) seen.add(piece.seconds);
  return [...seen];
}

/** The moment as notes write it: `[m:ss]`, `[h:mm:ss]` from one hour on. */
export function momentTag(seconds: number): string {
  return `[${formatTimestamp(seconds)}]`;
}

/** The link to a moment of a video in Lectern: its page, opened there (`/video/:id?t=754`). */
export function momentPath(videoId: string, seconds: number): string {
  return `${buildRoute.video(videoId)}?t=${Math.max(0, Math.floor(seconds))}`;
}

/**
 * The second a `?t=` asks for: `754`, `754s`, YouTube's `12m34s` / `1h2m3s`, or a written `12:34`. Null for
 * anything else (the page then opens at the start).
 */
export function parseMomentParam(value: string | null): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+s?$/u.test(text)) return Number.parseInt(text, 10);
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/u.exec(text);
  if (units && text !== '') {
    return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  }
  return parseTimestamp(text);
}

/** Text with `tag` written at the cursor (replacing any selection), and where the cursor goes after it. */
export function insertAtCursor(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  tag: string,
): { text: string; cursor: number } {
  const before = text.slice(0, selectionStart);
  const after = text.slice(selectionEnd);
  // A moment stands apart from the words around it.
  const lead = before === '' || /\s$/u.test(before) ? '' : ' ';
  const trail = /^\s/u.test(after) ? '' : ' ';
  const inserted = `${lead}${tag}${trail}`;
  return { text: `${before}${inserted}${after}`, cursor: before.length + inserted.length };
}
