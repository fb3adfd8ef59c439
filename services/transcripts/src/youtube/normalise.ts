import type { TranscriptSegment } from '@lectern/contracts';
import { decodeHTML } from 'entities';

/** One caption as the XML has it: text with the XML layer decoded, `offset` and `duration` in the format's unit. */
export interface RawCaption {
  text: string;
  offset: number;
  duration: number;
}

/**
 * srv3 (`<timedtext format="3">`, `<p t="ms" d="ms">`) times are milliseconds; the classic format
 * (`<transcript><text start="s" dur="s">`) times are seconds. The classic format escapes caption text as HTML
 * and then again as XML (`'` is `&amp;#39;`); srv3 escapes it for XML only.
 */
export type CaptionFormat = 'srv3' | 'classic';

// The same test youtube-transcript uses to pick its srv3 parser over the classic one.
const SRV3_PARAGRAPH = /<p\s+t="\d+"\s+d="\d+"[^>]*>/;

export function captionFormatOf(xml: string): CaptionFormat {
  return SRV3_PARAGRAPH.test(xml) ? 'srv3' : 'classic';
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

/**
 * What the caption's author wrote, without formatting markup. The markup is stripped before the classic
 * format's HTML layer is decoded: YouTube escapes markup for XML only, so a caption whose text is a literal
 * `<i>` reaches this point as `&lt;i&gt;` and stays text.
 */
function authorText(xmlDecoded: string, format: CaptionFormat): string {
  const plain = stripFormatting(xmlDecoded);
  return format === 'classic' ? decodeHTML(plain) : plain;
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
    const text = collapseWhiteSpace(authorText(caption.text, format));
    if (text === '') continue;
    segments.push({ text, start });
    previousStart = start;
  }
  return { segments, end: end === null ? null : roundMs(end) };
}
