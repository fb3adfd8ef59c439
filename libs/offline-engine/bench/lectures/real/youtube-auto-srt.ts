import type { TranscriptSegment } from '@lectern/contracts';

const CUE_TIMING = /^(\d+):(\d{2}):(\d{2})[,.](\d{3})\s+-->\s+(\d+):(\d{2}):(\d{2})[,.](\d{3})/;
const CUE_NUMBER = /^\d+$/;
// yt-dlp keeps each line on screen with a 10 ms cue that only shows it again: not a new caption line.
const HOLD_SECONDS = 0.05;

const seconds = ([hours = 0, minutes = 0, secs = 0, millis = 0]: number[]) =>
  hours * 3600 + minutes * 60 + secs + millis / 1000;

/** A caption line without its word timings (`<00:00:01.600><c> help</c>` is " help"). */
const spokenLine = (line: string) =>
  line
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * YouTube's auto-generated captions as yt-dlp writes them to SubRip: each cue shows the line before it again
 * above the new line, whose words carry their timings, and a 10 ms cue holds each finished line. Read back as
 * the caption lines the app gets from YouTube's own track: each new line once, from the moment it starts.
 */
export function parseYouTubeAutoSrt(srt: string): TranscriptSegment[] {
  const lines = srt.replace(/\r/g, '').split('\n');
  const segments: TranscriptSegment[] = [];
  let previous = '';
  for (let at = 0; at < lines.length; at += 1) {
    const timing = CUE_TIMING.exec(lines[at] ?? '');
    if (!timing) continue;
    const shown: string[] = [];
    let next = at + 1;
    for (; next < lines.length; next += 1) {
      const line = lines[next] ?? '';
      const cueFollows = CUE_NUMBER.test(line.trim()) && CUE_TIMING.test(lines[next + 1] ?? '');
      if (CUE_TIMING.test(line) || cueFollows) break;
      if (line.trim() !== '') shown.push(line);
    }
    at = next - 1;
    const start = seconds(timing.slice(1, 5).map(Number));
    const end = seconds(timing.slice(5, 9).map(Number));
    const newLine = spokenLine(shown[shown.length - 1] ?? '');
    if (end - start < HOLD_SECONDS || newLine === '' || (shown.length === 1 && newLine === previous))
      continue;
    segments.push({ text: newLine, start: Math.round(start * 1000) / 1000 });
    previous = newLine;
  }
  return segments;
}
