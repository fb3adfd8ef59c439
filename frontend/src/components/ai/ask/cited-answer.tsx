import { TIMESTAMP_PATTERN, parseTimestamp } from '@lectern/contracts';
import { Fragment } from 'react';

const MOMENT = new RegExp(String.raw`\[(${TIMESTAMP_PATTERN})\]`, 'g');

/** An answer's text with each cited `[m:ss]` moment as a button that opens the transcript there. */
export function CitedAnswer({ text, onSeek }: { text: string; onSeek: (seconds: number) => void }) {
  const pieces: Array<{ text: string; seconds: number | null }> = [];
  let cursor = 0;
  for (const match of text.matchAll(MOMENT)) {
    const at = match.index;
    if (at > cursor) pieces.push({ text: text.slice(cursor, at), seconds: null });
    pieces.push({ text: match[1] ?? '', seconds: parseTimestamp(match[1] ?? '') });
    cursor = at + match[0].length;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), seconds: null });

  return (
    <p className="text-sm leading-relaxed whitespace-pre-line">
      {pieces.map((piece, index) =>
        piece.seconds === null ? (
          <Fragment key={index}>{piece.text}</Fragment>
        ) : (
          <button
            key={index}
            type="button"
            onClick={() => onSeek(piece.seconds ?? 0)}
            aria-label={`Show ${piece.text} in the transcript`}
            className="mx-0.5 rounded font-mono text-xs text-primary tabular-nums underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            [{piece.text}]
          </button>
        ),
      )}
    </p>
  );
}
