import type { OutputRules } from '../moments';
import { saysNotCovered } from './cited-answer';

/**
 * An answer's stream, held back until the answer cites a moment it may keep: an answer left with no citation is
 * stored as "The video does not cover this.", so none of its words may be shown first. Up to its first kept
 * citation the text is held; then it goes out at once, unless it says the video does not cover the question (the
 * stored answer is the decline then too), and what follows goes out as it comes. An answer that never cites
 * anything streams nothing: the client shows the decline the stream's `done` carries.
 *
 * `rules` are the rules the stream is judged by; the returned ones note each moment they keep.
 */
export function heldUntilCited<Rules extends OutputRules>(
  rules: Rules,
  publish: (text: string) => void,
): { rules: Rules; publish: (text: string) => void } {
  let cited = false;
  let state: 'holding' | 'streaming' | 'declined' = 'holding';
  let held = '';
  return {
    rules: {
      ...rules,
      keep: (moment) => {
        const shown = rules.keep(moment);
        if (shown !== null) cited = true;
        return shown;
      },
    },
    publish: (text) => {
      if (state === 'streaming') return publish(text);
      if (state === 'declined') return;
      held += text;
      // The text that holds the first kept moment is judged (and the moment kept) before it is published.
      if (!cited) return;
      state = saysNotCovered(held) ? 'declined' : 'streaming';
      if (state === 'streaming') publish(held);
      held = '';
    },
  };
}
