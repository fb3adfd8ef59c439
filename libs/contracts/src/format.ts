import type { ExportFormat } from './entities';

/** A moment as YouTube shows it: `m:ss` under an hour, `h:mm:ss` from one hour on (6:28:51). */
export function formatTimestamp(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = twoDigits(whole % 60);
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${seconds}` : `${minutes}:${seconds}`;
}

function twoDigits(value: number): string {
  return value.toString().padStart(2, '0');
}

/** The source text of a written moment, `m:ss` or `h:mm:ss`, for patterns that find moments in text. */
export const TIMESTAMP_PATTERN = String.raw`\d+(?::[0-5]\d){1,2}`;

/**
 * The seconds a written moment stands for: `1:05` is 65, `1:02:03` is 3723. Also reads the older
 * `388:51` form (minutes past 59). Null for anything else.
 */
export function parseTimestamp(text: string): number | null {
  const match = /^(?:(\d+):([0-5]\d)|(\d+):([0-5]\d):([0-5]\d))$/u.exec(text.trim());
  if (!match) return null;
  if (match[1] !== undefined) return Number(match[1]) * 60 + Number(match[2]);
  return Number(match[3]) * 3600 + Number(match[4]) * 60 + Number(match[5]);
}

/** A video's duration for display: `m:ss` (`h:mm:ss` past an hour), or `--:--` when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined || !Number.isFinite(seconds)
    ? '--:--'
    : formatTimestamp(seconds);
}

/**
 * A download's extension: the format's own, but for the quiz formats, which Moodle recognises by the
 * extension it imports them with (GIFT as a `.txt`, Moodle XML as a `.xml`).
 */
export function exportFileExtension(format: ExportFormat): string {
  if (format === 'gift') return 'gift.txt';
  if (format === 'moodle') return 'moodle.xml';
  return format;
}

/**
 * The download's file name: the title with every non-alphanumeric character replaced by `_`, or `transcript`
 * (`quiz` for a quiz format).
 */
export function exportFileName(title: string | null | undefined, format: ExportFormat): string {
  const untitled = format === 'gift' || format === 'moodle' ? 'quiz' : 'transcript';
  const base = title && title.trim() !== '' ? title.replace(/[^A-Za-z0-9]/gu, '_') : untitled;
  return `${base}.${exportFileExtension(format)}`;
}

/** The source video's watch link at a moment, for timestamps that open the video there. */
export function watchUrlAt(youtubeId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}&t=${Math.max(0, Math.floor(seconds))}s`;
}
