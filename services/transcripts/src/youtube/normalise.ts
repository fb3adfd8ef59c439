import type { TranscriptSegment } from '@lectern/contracts';

/** What youtube-transcript returns per caption: `offset` and `duration` in the caption format's unit. */
export interface RawCaption {
  text: string;
  offset: number;
  duration: number;
}

/**
 * srv3 (`<timedtext format="3">`, `<p t="ms" d="ms">`) times are milliseconds; the classic format
 * (`<transcript><text start="s" dur="s">`) times are seconds. youtube-transcript passes both through unchanged.
 */
export type CaptionFormat = 'srv3' | 'classic';

// The same test youtube-transcript uses to pick its srv3 parser over the classic one.
const SRV3_PARAGRAPH = /<p\s+t="\d+"\s+d="\d+"[^>]*>/;

export function captionFormatOf(xml: string): CaptionFormat {
  return SRV3_PARAGRAPH.test(xml) ? 'srv3' : 'classic';
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi;

/**
 * One pass of HTML entity decoding. youtube-transcript has already undone the XML layer, and, replacing
 * `&amp;` before `&#39;`, part of the HTML layer YouTube adds on top (`&amp;#39;` reaches us as `'`, but
 * `&amp;amp;` as `&amp;`). One more single pass finishes the HTML layer without decoding anything twice:
 * its output is never scanned again.
 */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

// Formatting markup of manual captions (<i>, <b>, <u>, <font color="…">, …), which YouTube sends escaped in
// the XML; anything else that looks like a tag ("a <tag>", "3 < 5 > 2") is text and stays.
const FORMATTING_TAG = /<\/?(?:i|b|u|s|em|strong|font|span|mark|small|big|sub|sup|del|ins)(?:\s[^<>]*)?>/gi;
const LINE_BREAK_TAG = /<br\s*\/?>/gi;

/** Caption text without its formatting markup: `this is <i>not</i> it` → `this is not it`. */
export function stripFormatting(text: string): string {
  return text.replace(LINE_BREAK_TAG, ' ').replace(FORMATTING_TAG, '');
}

export function collapseWhiteSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface NormalisedCaptions {
  segments: TranscriptSegment[];
  /** Seconds: where the last caption ends; the duration of last resort. */
  end: number | null;
}

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function normaliseCaptions(
  captions: readonly RawCaption[],
  format: CaptionFormat,
): NormalisedCaptions {
  const scale = format === 'srv3' ? 1 / 1000 : 1;
  const segments: TranscriptSegment[] = [];
  let end: number | null = null;
  let previousStart = 0;
  for (const caption of captions) {
    const offset = Number(caption.offset) * scale;
    // A caption without a readable time keeps its text at the previous caption's time.
    const start = Number.isFinite(offset) && offset >= 0 ? roundMs(offset) : previousStart;
    const duration = Number(caption.duration) * scale;
    const captionEnd = start + (Number.isFinite(duration) && duration > 0 ? duration : 0);
    end = end === null ? captionEnd : Math.max(end, captionEnd);
    const text = collapseWhiteSpace(stripFormatting(decodeEntities(String(caption.text ?? ''))));
    if (text === '') continue;
    segments.push({ text, start });
    previousStart = start;
  }
  return { segments, end: end === null ? null : roundMs(end) };
}
