import { TIMESTAMP_PATTERN } from '@lectern/contracts';

/** A filter over a model's text as it is written. */
export interface TextFilter {
  /** Takes the next piece of the model's text. */
  write: (piece: string) => void;
  /** The model has finished: whatever was held back goes out. */
  end: () => void;
}

// Moments are cited alone or in groups, in square brackets or parentheses: [1:23], (1:02:03), [1:23, 4:56],
// [1:23–1:45]. A separator has at most one space on each side, so two spaces always break a group.
const SEPARATOR = String.raw`(?:[,;] ?| ?[-–—] ?)`;
const GROUP = String.raw`${TIMESTAMP_PATTERN}(?:${SEPARATOR}${TIMESTAMP_PATTERN})*`;
const WHOLE_GROUP = new RegExp(String.raw`^([ \t]?)(?:\[(${GROUP})\]|\((${GROUP})\))`);
const GROUP_PARTS = new RegExp(String.raw`(${SEPARATOR})?(${TIMESTAMP_PATTERN})`, 'g');
const GROUP_START = /[ \t]?[[(]/;
// What may still grow into a group: `[`, `(1`, `[1:0`, `[1:23, 4` (a leading space included).
const GROUP_SO_FAR = /^[ \t]?[[(][\d:,;\-–— ]*$/;
// Text ending like the inside of an open group: what follows a dropped group could complete it.
const OPEN_GROUP = /[[(][\d:,;\-–— ]*$/;
const GROUP_CHARS = /^[\d:,;\-–— ]*$/;
// Put where a dropped group would join its neighbours into a group nobody judged (`[1` and `:10]`).
const GROUP_BREAK = '  ';

/**
 * Judges each cited moment of a model's text as soon as its group is whole: `keep` gives the moment to show for a
 * moment that was sent (its line's own moment), or null for one that was not. A dropped moment leaves its group; a
 * group left empty is removed with its brackets and the space before it (at the start of a line, the space after
 * it), so `- [99:59] Insight` reads `- Insight`. So every moment shown was judged, and a made-up moment never
 * reaches the reader, not even in part. Text that may still become a group (`[1:0`) waits for the next piece;
 * everything else goes out at once. Run over a whole text in one piece, it gives the same text as streamed.
 */
export function momentFilter(
  keep: (moment: string) => string | null,
  onText: (text: string) => void,
  onDropped?: (moment: string) => void,
): TextFilter {
  let pending = '';
  // Whether the text shown so far ends like the inside of an open group, or at the start of a line.
  let shownOpen = false;
  let shownLineStart = true;
  let skipSpace = false;
  const opensGroup = (out: string) => OPEN_GROUP.test(out) || (shownOpen && GROUP_CHARS.test(out));
  const atLineStart = (out: string) => (out === '' ? shownLineStart : out.endsWith('\n'));

  const judged = (group: string): string | null => {
    let kept = '';
    const shownAlready = new Set<string>();
    for (const [, separator, moment] of group.matchAll(GROUP_PARTS)) {
      const shown = keep(moment ?? '');
      if (shown === null) onDropped?.(moment ?? '');
      // Two moments of one line are shown once: `[0:05–0:06]` within a line is `[0:05]`.
      else if (!shownAlready.has(shown)) kept += kept === '' ? shown : `${separator ?? ', '}${shown}`;
      if (shown !== null) shownAlready.add(shown);
    }
    return kept === '' ? null : kept;
  };

  const drain = (finished: boolean) => {
    let out = '';
    while (pending !== '') {
      if (skipSpace) {
        skipSpace = false;
        if (pending.startsWith(' ')) pending = pending.slice(1);
        continue;
      }
      const start = pending.search(GROUP_START);
      if (start < 0) {
        // A trailing space waits: a group may follow it.
        const cut = !finished && /[ \t]$/.test(pending) ? pending.length - 1 : pending.length;
        out += pending.slice(0, cut);
        pending = pending.slice(cut);
        break;
      }
      out += pending.slice(0, start);
      pending = pending.slice(start);
      const whole = WHOLE_GROUP.exec(pending);
      if (whole) {
        const [text, space = '', square, round] = whole;
        const kept = judged(square ?? round ?? '');
        if (kept !== null) out += square !== undefined ? `${space}[${kept}]` : `${space}(${kept})`;
        else if (opensGroup(out)) out += GROUP_BREAK;
        else if (space === '' && atLineStart(out)) skipSpace = true;
        pending = pending.slice(text.length);
        continue;
      }
      if (!finished && GROUP_SO_FAR.test(pending)) break;
      const opening = /^[ \t]?[[(]/.exec(pending)?.[0] ?? pending.charAt(0);
      out += opening;
      pending = pending.slice(opening.length);
    }
    if (out !== '') {
      shownOpen = opensGroup(out);
      shownLineStart = out.endsWith('\n');
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
