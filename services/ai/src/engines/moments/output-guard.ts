import type { TranscriptSegment } from '@lectern/contracts';
import { linkFilter, linksIn } from './link-filter';
import { momentFilter, type TextFilter } from './moment-filter';
import { SentMoments, type SegmentWindow } from './sent-moments';

/** What a model's text may keep: the moments that were sent, and the links the transcript has. */
export interface OutputRules {
  /** The moment to show for a cited one (its line's own moment), or null for a moment that was not sent. */
  keep: (moment: string) => string | null;
  knownLink: (url: string) => boolean;
}

/** What the rules removed from a text. */
export interface Dropped {
  moments: string[];
  links: string[];
}

/**
 * The rules for a text written from these lines: by default every line of the transcript (a generation sends them
 * all, directly or through the notes on its parts); an answer only the windows it was sent.
 */
export function transcriptRules(
  segments: readonly TranscriptSegment[],
  windows?: readonly SegmentWindow[],
): OutputRules & { moments: SentMoments } {
  const moments = new SentMoments(segments, windows);
  return {
    moments,
    keep: (moment) => moments.canonical(moment),
    knownLink: linksIn(() => segments.map((segment) => segment.text).join('\n')),
  };
}

/**
 * A model's text as it is written, links it made up removed and then each cited moment judged, piece by piece;
 * `dropped` collects what was removed.
 */
export function guardStream(
  rules: OutputRules,
  onText: (text: string) => void,
  dropped?: Dropped,
): TextFilter {
  const moments = momentFilter(rules.keep, onText, (moment) => dropped?.moments.push(moment));
  const links = linkFilter(rules.knownLink, moments.write, (url) => dropped?.links.push(url));
  return {
    write: links.write,
    end: () => {
      links.end();
      moments.end();
    },
  };
}

/** The same rule over a whole text (what is stored): exactly what the stream shows, however it was split. */
export function guardText(rules: OutputRules, text: string): { text: string; dropped: Dropped } {
  const dropped: Dropped = { moments: [], links: [] };
  const pieces: string[] = [];
  const filter = guardStream(rules, (piece) => pieces.push(piece), dropped);
  filter.write(text);
  filter.end();
  return { text: pieces.join(''), dropped };
}
