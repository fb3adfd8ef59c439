import { formatTimestamp, parseTimestamp, type TranscriptSegment } from '@lectern/contracts';

/** Inclusive segment ranges of a transcript, in the video's order. */
export interface SegmentWindow {
  firstSegment: number;
  lastSegment: number;
}

// Segments have only a start: the last line of a transcript is given about a second per word, and at least this.
const LAST_LINE_MIN_SECONDS = 5;
const SECONDS_PER_WORD = 1;

interface SentLine {
  segment: number;
  /** Whole seconds, as moments are written. */
  from: number;
  /** Exclusive. */
  to: number;
}

/**
 * The moments of the transcript lines a model was sent: a cited moment points at the sent line it falls in (empty
 * segments are not sent, so their time belongs to the line before), or at nothing when it lies outside every sent
 * window or past the end of the video's last line.
 */
export class SentMoments {
  private readonly lines: SentLine[] = [];

  constructor(
    readonly segments: readonly TranscriptSegment[],
    windows: readonly SegmentWindow[] = [{ firstSegment: 0, lastSegment: segments.length - 1 }],
  ) {
    for (const { firstSegment, lastSegment } of windows) {
      const last = Math.min(lastSegment, segments.length - 1);
      const windowLines: SentLine[] = [];
      for (let segment = Math.max(0, firstSegment); segment <= last; segment += 1) {
        const current = segments[segment];
        if (!current || current.text.trim() === '') continue;
        const from = Math.floor(current.start);
        const previous = windowLines.at(-1);
        if (previous) previous.to = Math.max(previous.from + 1, current.start);
        windowLines.push({ segment, from, to: from + 1 });
      }
      const final = windowLines.at(-1);
      if (final) final.to = Math.max(final.from + 1, this.endOf(final.segment, last));
      this.lines.push(...windowLines);
    }
    this.lines.sort((a, b) => a.from - b.from);
  }

  /** The sent segment a written moment (`m:ss`, `h:mm:ss`) points at, or null. */
  segmentAt(moment: string): number | null {
    const seconds = parseTimestamp(moment);
    if (seconds === null) return null;
    // The last sent line starting at or before the moment.
    let low = 0;
    let high = this.lines.length - 1;
    let found: SentLine | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const line = this.lines[middle] as SentLine;
      if (line.from <= seconds) {
        found = line;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found && seconds < found.to ? found.segment : null;
  }

  /** The moment a cited moment is shown as (its sent line's own start), or null when it points at no sent line. */
  canonical(moment: string): string | null {
    const segment = this.segmentAt(moment);
    return segment === null ? null : formatTimestamp(this.segments[segment]?.start ?? 0);
  }

  // A window ends where the segment after it starts; the transcript's last line ends a little after its words.
  private endOf(lineSegment: number, windowLast: number): number {
    const next = this.segments[windowLast + 1];
    if (next) return next.start;
    const line = this.segments[lineSegment] as TranscriptSegment;
    const words = line.text.trim().split(/\s+/).length;
    return line.start + Math.max(LAST_LINE_MIN_SECONDS, words * SECONDS_PER_WORD);
  }
}
