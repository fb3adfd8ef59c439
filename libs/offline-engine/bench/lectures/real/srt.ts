import type { TranscriptSegment } from '@lectern/contracts';

const TIMING = /^(\d+):(\d{2}):(\d{2})[,.](\d{3})\s+-->/;

/** An SRT file's cues as caption lines: each cue's text lines joined by a space, starting at its start time. */
export function parseSrt(srt: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const block of srt.replace(/\r/g, '').split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    const timing = TIMING.exec(lines[timingAt] ?? '');
    if (!timing) continue;
    const text = lines
      .slice(timingAt + 1)
      .map((line) => line.trim())
      .join(' ');
    if (text === '') continue;
    const [hours = 0, minutes = 0, seconds = 0, millis = 0] = timing.slice(1).map(Number);
    const start = hours * 3600 + minutes * 60 + seconds + millis / 1000;
    segments.push({ text, start: Math.round(start * 1000) / 1000 });
  }
  return segments;
}
