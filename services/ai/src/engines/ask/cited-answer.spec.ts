import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import { citedAnswer } from './cited-answer';
import { TranscriptIndex } from '@lectern/offline-engine';

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
    ).toMatchObject({
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
    ).toMatchObject({
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
    expect(citedAnswer('Lists per slot [0:05].', withGap, sent)).toMatchObject({
      answer: 'Lists per slot [0:00].',
      citations: [{ start: 0, text: 'Chaining keeps a list per slot.' }],
    });
  });

  it('ends the last line of the video: a moment far past a short lecture is dropped, not moved to it', () => {
    const lecture = new TranscriptIndex([
      { start: 0, text: 'Hash tables map keys to values.' },
      { start: 31, text: 'Chaining keeps a list per slot.' },
    ]);
    const sent = { windows: [{ firstSegment: 0, lastSegment: 1 }], text: '' };
    expect(citedAnswer('Lists per slot [0:33], later [1:39:59].', lecture, sent)).toMatchObject({
      answer: 'Lists per slot [0:31], later.',
      citations: [{ start: 31, text: 'Chaining keeps a list per slot.' }],
    });
  });

  it('judges each moment of a group of citations, and drops a group of moments that were not sent', () => {
    expect(
      citedAnswer(
        'Chaining [0:04, 0:10]. Keys [0:00–0:06]. Resizing [1:10, 9:59]. Probing (0:04).',
        index,
        context,
      ),
    ).toMatchObject({
      answer: 'Chaining [0:04]. Keys [0:00–0:04]. Resizing. Probing (0:04).',
      citations: [
        { start: 4.5, text: 'Collisions are resolved by chaining.' },
        { start: 0, text: 'A hash table maps keys to values.' },
      ],
    });
  });

  it('removes a link the transcript does not have, keeping the text of a Markdown link', () => {
    expect(
      citedAnswer(
        'Chaining [0:04], see https://evil.example/x. More in [the docs](http://evil.example) [0:00].',
        index,
        context,
      ).answer,
    ).toBe('Chaining [0:04], see. More in the docs [0:00].');
  });

  it.each([
    'The video does not cover this.',
    "The video doesn't cover this.",
    'The excerpts do not cover that [0:04].',
    'Chaining, probably, but nothing here says so [7:00].',
  ])('answers exactly the refusal to %p', (raw) => {
    expect(citedAnswer(raw, index, context)).toMatchObject({ answer: NOT_COVERED_ANSWER, citations: [] });
  });
});
