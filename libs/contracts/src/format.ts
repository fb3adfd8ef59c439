import type { ExportFormat } from './entities';

/** `m:ss` with seconds padded to two digits (hours roll into minutes: 10 hours is `600:00`). */
export function formatTimestamp(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

/** A video's duration for display: `m:ss`, or `--:--` when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined || !Number.isFinite(seconds)
    ? '--:--'
    : formatTimestamp(seconds);
}

/** The download's file name: the title with every non-alphanumeric character replaced by `_`, or `transcript`. */
export function exportFileName(title: string | null | undefined, format: ExportFormat): string {
  const base = title && title.trim() !== '' ? title.replace(/[^A-Za-z0-9]/gu, '_') : 'transcript';
  return `${base}.${format}`;
}

/** The source video's watch link at a moment, for timestamps that open the video there. */
export function watchUrlAt(youtubeId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}&t=${Math.max(0, Math.floor(seconds))}s`;
}
