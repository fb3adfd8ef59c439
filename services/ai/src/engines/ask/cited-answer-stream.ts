import { TIMESTAMP_PATTERN } from '@lectern/contracts';

const CITATION_START = /\s?\[/;
const WHOLE_CITATION = new RegExp(String.raw`^(\s?)\[(${TIMESTAMP_PATTERN})\]`);
// What may still grow into a citation: `[`, `[1`, `[1:0`, `[1:02:0` (a leading space included).
const CITATION_SO_FAR = /^\s?\[\d+(?::\d{0,2}){0,2}$|^\s?\[$/;
// Text ending like the start of a moment (`[1`, `[1:0`, `[`): what follows a dropped citation could complete it.
const OPEN_MOMENT = /\[[\d:]*$/;
const MOMENT_CHARS = /^[\d:]*$/;

export interface CitationFilter {
  /** Takes the next piece of the model's text. */
  write: (piece: string) => void;
  /** The model has finished: whatever was held back goes out. */
  end: () => void;
}

/**
 * The model's answer as it is written, with each citation judged as soon as it is whole: `keep` gives the text to
 * show for a cited moment, or null for one that was not sent, which is dropped with the space before it (or left
 * as one space where dropping it would join `[1` and `:10]` into a moment). So every moment shown was judged, and a
 * made-up moment never reaches the reader, not even until the final answer replaces the streamed text. Text that
 * may still become a citation (`[1:0`) waits for the next piece; everything else goes out at once.
 */
export function citationFilter(
  keep: (moment: string) => string | null,
  onText: (text: string) => void,
): CitationFilter {
  let pending = '';
  // Whether the text shown so far ends like the start of a moment.
  let shownOpen = false;
  const opensMoment = (out: string) => OPEN_MOMENT.test(out) || (shownOpen && MOMENT_CHARS.test(out));
  const drain = (finished: boolean) => {
    let out = '';
    while (pending !== '') {
      const start = pending.search(CITATION_START);
      if (start < 0) {
        // A trailing space waits: a citation may follow it.
        const cut = !finished && /\s$/.test(pending) ? pending.length - 1 : pending.length;
        out += pending.slice(0, cut);
        pending = pending.slice(cut);
        break;
      }
      out += pending.slice(0, start);
      pending = pending.slice(start);
      const whole = WHOLE_CITATION.exec(pending);
      if (whole) {
        const kept = keep(whole[2] ?? '');
        // Dropped between `[1` and `:10]`, a citation would leave a moment nobody judged: a space keeps them apart.
        if (kept === null) out += opensMoment(out) ? ' ' : '';
        else out += `${whole[1] ?? ''}${kept}`;
        pending = pending.slice(whole[0].length);
        continue;
      }
      if (!finished && CITATION_SO_FAR.test(pending)) break;
      const opening = /^\s?\[/.exec(pending)?.[0] ?? pending.charAt(0);
      out += opening;
      pending = pending.slice(opening.length);
    }
    if (out !== '') {
      shownOpen = opensMoment(out);
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
