import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import { citedAnswer } from './cited-answer';
import { TranscriptIndex } from './transcript-index';

const index = new TranscriptIndex([
  { start: 0, text: 'A hash table maps keys to values.' },
  { start: 4.5, text: 'Collisions are resolved by chaining.' },
  { start: 9.2, text: 'Open addressing probes the next slot.' },
  { start: 70, text: 'Resizing keeps lookups fast.' },
]);
// Only the first two segments were sent.
const context = { windows: [{ firstSegment: 0, lastSegment: 1 }], text: '' };

describe('citedAnswer', () => {
  it("keeps moments inside the sent windows, written as their segment's own moment", () => {
    expect(
      citedAnswer('Chaining resolves them [0:04]. Keys map to values [0:00] [0:06].', index, context),
    ).toEqual({
      answer: 'Chaining resolves them [0:04]. Keys map to values [0:00] [0:04].',
      citations: [
        { start: 4.5, text: 'Collisions are resolved by chaining.' },
        { start: 0, text: 'A hash table maps keys to values.' },
      ],
    });
  });

  it('drops moments outside the sent windows, from the text and the citations', () => {
    expect(
      citedAnswer('Chaining [0:04]. Probing [0:10]. Resizing [1:10]. Later [9:59:59].', index, context),
    ).toEqual({
      answer: 'Chaining [0:04]. Probing. Resizing. Later.',
      citations: [{ start: 4.5, text: 'Collisions are resolved by chaining.' }],
    });
  });

  it('never lets a dropped moment join the text around it into a moment that was not judged', () => {
    const { answer, citations } = citedAnswer(
      'Probing [1[1:01:40]:10] and [[9:59]0:04] chaining [0:04].',
      index,
      context,
    );
    expect(citations).toEqual([{ start: 4.5, text: 'Collisions are resolved by chaining.' }]);
    // Every moment left in the answer is a kept citation.
    expect([...answer.matchAll(/\[([\d:]+)\]/g)].map((match) => match[1])).toEqual(['0:04']);
  });

  it('never cites an empty segment, which was not in the prompt: its moment belongs to the line before', () => {
    const withGap = new TranscriptIndex([
      { start: 0, text: 'Chaining keeps a list per slot.' },
      { start: 4, text: '' },
      { start: 8, text: 'Probing looks for the next free slot.' },
    ]);
    const sent = { windows: [{ firstSegment: 0, lastSegment: 2 }], text: '' };
    expect(citedAnswer('Lists per slot [0:05].', withGap, sent)).toEqual({
      answer: 'Lists per slot [0:00].',
      citations: [{ start: 0, text: 'Chaining keeps a list per slot.' }],
    });
  });

  it.each([
    'The video does not cover this.',
    "The video doesn't cover this.",
    'The excerpts do not cover that [0:04].',
    'Chaining, probably, but nothing here says so [7:00].',
  ])('answers exactly the refusal to %p', (raw) => {
    expect(citedAnswer(raw, index, context)).toEqual({ answer: NOT_COVERED_ANSWER, citations: [] });
  });
});
