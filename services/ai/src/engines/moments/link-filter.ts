import { TIMESTAMP_PATTERN } from '@lectern/contracts';
import type { TextFilter } from './moment-filter';

// Where a link may start: a Markdown link's `[`, a `(` around a link, or a bare `http://`, `https://` or `www.` (a
// space before it included, which goes with a removed link).
const LINK_START = /[ \t]?(?:\[|\(|https?:\/\/|www\.)/i;
const MARKDOWN_LINK = /^\[([^[\]\n]*)\]\(([^()\s]*)\)/;
// What may still become a Markdown link: `[text`, `[text]`, `[text](https://exa`.
const MARKDOWN_SO_FAR = /^\[[^[\]\n]*(?:\](?:\([^()\s]*)?)?$/;
const BARE_URL = /^(?:https?:\/\/|www\.)[^\s<>()[\]{}"'`]*/i;
// A link alone in parentheses goes with them: `(https://…)`.
const LINK_IN_PARENTHESES = /^\(((?:https?:\/\/|www\.)[^\s<>()[\]{}"'`]*)\)/i;
const LINK_IN_PARENTHESES_SO_FAR =
  /^\((?:h|ht|htt|https?|https?:|https?:\/|w|ww|www|(?:https?:\/\/|www\.)[^\s<>()[\]{}"'`]*)?$/i;
// The end of a text that may be the start of a bare link: `h`, `http:/`, `ww`.
const URL_SO_FAR = /(?:https?:\/\/?|https?:?|htt?|h|www|ww|w)$/i;
const URL_TAIL_PUNCTUATION = /[.,;:!?*_]+$/;
const MOMENT_GROUP = new RegExp(String.raw`^${TIMESTAMP_PATTERN}(?:[,;\-–— ]+${TIMESTAMP_PATTERN})*$`);
// A link starts a word: `xhttps://` is not one.
const WORD_CHAR = /[\p{L}\p{N}_@./:-]/u;

/**
 * Removes the links of a model's text that `known` does not accept (those not in the transcript), as they are
 * written: a bare link (`https://…`, `www.…`) goes with the space before it, a Markdown link `[text](url)` keeps
 * its text. Text that may still be a link waits for the next piece; run over a whole text in one piece, it gives
 * the same text as streamed.
 */
export function linkFilter(
  known: (url: string) => boolean,
  onText: (text: string) => void,
  onDropped?: (url: string) => void,
): TextFilter {
  let pending = '';
  let shownLast = '';

  const drain = (finished: boolean) => {
    let out = '';
    const before = () => (out !== '' ? out.slice(-1) : shownLast);
    while (pending !== '') {
      const found = LINK_START.exec(pending);
      if (!found) {
        const tail = finished ? -1 : heldTail(pending, out === '' ? shownLast : (out.at(-1) ?? ''));
        const cut = tail < 0 ? pending.length : tail;
        out += pending.slice(0, cut);
        pending = pending.slice(cut);
        break;
      }
      out += pending.slice(0, found.index);
      pending = pending.slice(found.index);
      const space = /^[ \t]/.test(pending) ? pending.charAt(0) : '';
      const rest = pending.slice(space.length);
      if (rest.startsWith('[')) {
        const link = MARKDOWN_LINK.exec(rest);
        if (link) {
          const [whole, text = '', url = ''] = link;
          pending = rest.slice(whole.length);
          if (known(url)) out += space + whole;
          else {
            onDropped?.(url);
            // A moment written as a link stays a moment, to be judged as one; other text is read again for links.
            if (MOMENT_GROUP.test(text)) out += `${space}[${text}]`;
            else pending = space + text + pending;
          }
          continue;
        }
        if (!finished && MARKDOWN_SO_FAR.test(rest)) break;
        out += space + '[';
        pending = rest.slice(1);
        continue;
      }
      if (rest.startsWith('(')) {
        const link = LINK_IN_PARENTHESES.exec(rest);
        if (link) {
          const [whole, url = ''] = link;
          pending = rest.slice(whole.length);
          if (known(url.replace(URL_TAIL_PUNCTUATION, ''))) out += space + whole;
          else onDropped?.(url);
          continue;
        }
        if (!finished && LINK_IN_PARENTHESES_SO_FAR.test(rest)) break;
        out += space + '(';
        pending = rest.slice(1);
        continue;
      }
      if (WORD_CHAR.test(space === '' ? before() : ' ')) {
        out += pending.charAt(0);
        pending = pending.slice(1);
        continue;
      }
      const raw = BARE_URL.exec(rest)?.[0] ?? '';
      // A link is whole once something other than punctuation follows it: `evil.com.` may go on as `evil.com.au`.
      if (!finished && raw.length >= rest.length) break;
      const url = raw.replace(URL_TAIL_PUNCTUATION, '');
      if (known(url)) out += space + url;
      else onDropped?.(url);
      pending = rest.slice(url.length);
    }
    if (out !== '') {
      shownLast = out.slice(-1);
      onText(out);
    }
  };
  return {
    write: (piece) => {
      pending += piece;
      drain(false);
    },
    end: () => drain(true),
  };
}

// Where the held end of a text starts: a trailing space (a link may follow it) or the start of a link being written.
function heldTail(text: string, shownLast: string): number {
  const partial = URL_SO_FAR.exec(text);
  if (partial) {
    const previous = partial.index > 0 ? text.charAt(partial.index - 1) : shownLast;
    if (!WORD_CHAR.test(previous))
      return /[ \t]/.test(previous) && partial.index > 0 ? partial.index - 1 : partial.index;
  }
  return /[ \t]$/.test(text) ? text.length - 1 : -1;
}

/**
 * Whether a link is in the transcript, read without its scheme, `www.` and final slash; the transcript's text is
 * only gathered once a link needs it.
 */
export function linksIn(transcript: () => string): (url: string) => boolean {
  let text: string | undefined;
  return (url) => {
    text ??= transcript().toLowerCase();
    const bare = url
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/$/, '');
    return bare !== '' && text.includes(bare);
  };
}
