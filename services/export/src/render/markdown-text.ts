import { parseTimestamp, TIMESTAMP_PATTERN, watchUrlAt } from '@lectern/contracts';

// Text from users, captions and AI engines written into a Markdown file so that it shows as written and
// nothing in it can become structure: CommonMark's markers are backslash-escaped (any ASCII punctuation may
// be), and so are the markers Obsidian and Logseq add on top of it (`==highlight==`, `$math$`,
// `%%comment%%`, `^block-id`, `#tag`, `[[link]]`, `key:: value`, `((block-ref))`). `<` is escaped too, so
// no text becomes HTML. Written moments, `[m:ss]` and `(m:ss)`, become links to the video at that second.

const INLINE_MARKERS = /[\\`*_[\]<>#|~=$%^&]/g;
const LOGSEQ_PAIRS = /::|\(\(|\)\)/g;
const MOMENT = new RegExp(String.raw`\[(${TIMESTAMP_PATTERN})\]|\((${TIMESTAMP_PATTERN})\)`, 'gu');

/** Text that shows as written within a line. Line breaks become spaces. */
export function escapeInline(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(INLINE_MARKERS, '\\$&')
    .replace(LOGSEQ_PAIRS, (pair) => `\\${pair[0]}\\${pair[1]}`);
}

/**
 * A rendered line that cannot start a block: no indentation (four spaces make code), and a leading `-` or
 * `+` (a list item, or `---` a rule or heading underline) or `1.` / `1)` (a numbered item) escaped. The
 * other block markers (`#`, `>`, `*`, `_`, `=`, `` ` ``, `~`) are escaped wherever they appear.
 */
export function escapeLineStart(line: string): string {
  return line
    .replace(/^[ \t\u00a0]+/u, '')
    .replace(/^[-+]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * The link to a moment: its written form as the text, the video at that second as the target. An uploaded
 * recording has no video to open, so its moment is the written `[m:ss]`, as text.
 */
export function momentLink(youtubeId: string | null, seconds: number, text: string): string {
  if (youtubeId === null) return escapeInline(`[${text}]`);
  return `[${escapeInline(text)}](${watchUrlAt(youtubeId, seconds)})`;
}

/** Inline text with its written moments (`[m:ss]`, `(m:ss)`) as links to the video, the rest escaped. */
export function inlineWithMoments(text: string, youtubeId: string | null): string {
  if (youtubeId === null) return escapeInline(text);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(MOMENT)) {
    const written = match[1] ?? match[2] ?? '';
    const seconds = parseTimestamp(written);
    if (seconds === null) continue;
    out += escapeInline(text.slice(last, match.index));
    const link = momentLink(youtubeId, seconds, written);
    out += match[1] !== undefined ? link : `(${link})`;
    last = match.index + match[0].length;
  }
  return out + escapeInline(text.slice(last));
}

/**
 * Text typed over several lines (notes): each line escaped, its moments linked, kept on its own line (Obsidian
 * and Logseq show a single line break as one); runs of blank lines become one paragraph break.
 */
export function multilineWithMoments(text: string, youtubeId: string | null): string {
  const lines = text.split('\n').map((line) => escapeLineStart(inlineWithMoments(line.trim(), youtubeId)));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
