import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import { everySplit } from '../../../test/support/every-split';
import { guardStream, guardText, transcriptRules } from '../moments';
import { heldUntilCited } from './held-until-cited';

const segments = [
  { start: 0, text: 'The forgetting curve falls fast at first.' },
  { start: 6, text: 'Spaced reviews flatten it.' },
];
const rules = transcriptRules(segments, undefined, { asLineStart: true });

/** What the stream publishes of an answer written in these pieces. */
function streamed(pieces: readonly string[]): string[] {
  const out: string[] = [];
  const held = heldUntilCited(rules, (text) => out.push(text));
  const filter = guardStream(held.rules, held.publish);
  for (const piece of pieces) filter.write(piece);
  filter.end();
  return out;
}

describe('an answer held until it cites a moment', () => {
  it('publishes nothing before its first kept citation, then the whole answer, however it is split', () => {
    const answer =
      'Memories fade fast [99:59] at first. The curve falls [0:02], and reviews flatten it [0:07].';
    const stored = guardText(rules, answer).text;
    for (const pieces of everySplit(answer)) {
      const out = streamed(pieces);
      expect(out.join('')).toBe(stored);
      expect(out[0]).toMatch(/^Memories fade fast at first\. The curve falls \[0:00\]/);
    }
  });

  it.each([
    ['cites nothing', 'Memories fade fast at first, and reviews flatten the curve.'],
    ['cites only a moment it may not keep', 'Memories fade fast [99:59] at first.'],
    [
      'says the video does not cover the question',
      'The video does not cover this [0:02]. It is about memory.',
    ],
    ['is the decline itself', NOT_COVERED_ANSWER],
  ])('publishes nothing of an answer that %s', (_case, answer) => {
    for (const pieces of everySplit(answer)) expect(streamed(pieces)).toEqual([]);
  });
});
