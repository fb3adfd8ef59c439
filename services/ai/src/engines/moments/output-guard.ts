import type { TranscriptSegment } from '@lectern/contracts';
import type { DroppedCitations } from '@lectern/offline-engine';
import { linkJudge, linksIn } from './link-filter';
import { momentJudge } from './moment-filter';
import { SentMoments, type SegmentWindow } from './sent-moments';
import type { TextFilter } from './text-filter';
import { judgedWords, type ReadCount } from './text-units';

/** What a model's text may keep: the moments that were sent, and the links the transcript has. */
export interface OutputRules {
  /** The moment to show for a cited one, or null for a moment that was not sent. */
  keep: (moment: string) => string | null;
  knownLink: (url: string) => boolean;
}

/** Rules over the lines of a transcript, with the moments they were read from. */
export type TranscriptRules = OutputRules & { moments: SentMoments };

/** What the rules removed from a text. */
export type Dropped = DroppedCitations;

/**
 * The rules for a text written from these lines: by default every line of the transcript (a generation sends them
 * all, directly or through the notes on its parts); an answer only the windows it was sent. A kept moment is shown
 * as written, or, with `asLineStart` (answers, whose citations are the lines themselves), as its line's own start.
 */
export function transcriptRules(
  segments: readonly TranscriptSegment[],
  windows?: readonly SegmentWindow[],
  { asLineStart = false }: { asLineStart?: boolean } = {},
): TranscriptRules {
  const moments = new SentMoments(segments, windows);
  return {
    moments,
    keep: asLineStart
      ? (moment) => moments.canonical(moment)
      : (moment) => (moments.segmentAt(moment) === null ? null : moment),
    knownLink: linksIn(() => segments.map((segment) => segment.text).join('\n')),
  };
}

/**
 * A model's text as it is written, each cited moment judged and then the links of what is left, word by word;
 * `dropped` collects what was removed.
 */
export function guardStream(
  rules: OutputRules,
  onText: (text: string) => void,
  dropped?: Dropped,
  read?: ReadCount,
): TextFilter {
  const links = linkJudge(rules.knownLink, (url) => dropped?.links.push(url));
  return judgedWords(
    [momentJudge(rules.keep, (moment) => dropped?.moments.push(moment)), links],
    onText,
    read,
    // A link is no less a link for being put in a code block.
    [links],
  );
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
