import { formatTimestamp, type TranscriptSegment } from '@lectern/contracts';

/** A rough token count (about four characters per token for English), good enough for budgeting. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One `[m:ss] text` line per segment, so the model can cite moments of the video. */
export function formatTranscriptLines(segments: readonly TranscriptSegment[]): string[] {
  const lines: string[] = [];
  for (const segment of segments) {
    const text = segment.text.replace(/\s+/g, ' ').trim();
    if (text !== '') lines.push(`[${formatTimestamp(segment.start)}] ${text}`);
  }
  return lines;
}

/**
 * Splits lines into consecutive chunks of at most `maxTokens` estimated tokens each (a single line longer than
 * that is cut into pieces), so every chunk keeps its own timestamps.
 */
export function chunkLines(lines: readonly string[], maxTokens: number): string[][] {
  const maxChars = Math.max(1, maxTokens) * 4;
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = 0;
  const flush = () => {
    if (current.length > 0) chunks.push(current);
    current = [];
    size = 0;
  };
  for (const line of lines) {
    for (const piece of splitLongLine(line, maxChars)) {
      // +1 for the newline that joins lines.
      if (size + piece.length + 1 > maxChars) flush();
      current.push(piece);
      size += piece.length + 1;
    }
  }
  flush();
  return chunks;
}

function splitLongLine(line: string, maxChars: number): string[] {
  if (line.length + 1 <= maxChars) return [line];
  const pieces: string[] = [];
  for (let offset = 0; offset < line.length; offset += maxChars - 1)
    pieces.push(line.slice(offset, offset + maxChars - 1));
  return pieces;
}
