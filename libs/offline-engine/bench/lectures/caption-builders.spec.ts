import { sentenceEndsIn, speechCaptions, transcriptText } from './caption-builders';

const TEXT = `Okay, so, um, today we start. The ancien régime looked solid, right? It wasn't.

Here's the thing: the king — uh, the king needed money. Fast.`;

describe('speechCaptions', () => {
  const segments = speechCaptions(TEXT.repeat(20));

  it('writes lower case words without any punctuation', () => {
    for (const segment of segments) expect(segment.text).toMatch(/^[a-z0-9'-]+(?: [a-z0-9'-]+)*$/);
  });

  it('cuts runs of three to nine words, in time order, at about two and a half words a second', () => {
    const sizes = segments.slice(0, -1).map((segment) => segment.text.split(' ').length);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(9);
    segments
      .slice(1)
      .forEach((segment, index) => expect(segment.start).toBeGreaterThan(segments[index]?.start ?? 0));
    const words = transcriptText(segments).split(' ').length;
    const seconds = (segments.at(-1)?.start ?? 0) - (segments[0]?.start ?? 0);
    expect(words / seconds).toBeGreaterThan(1.5);
    expect(words / seconds).toBeLessThan(3.2);
  });

  it('does not cut only at sentence ends', () => {
    const ends = new Set(sentenceEndsIn(TEXT.repeat(20), segments));
    let offset = 0;
    const cutsAtSentenceEnds = segments.map((segment) => {
      offset += segment.text.length + 1;
      return ends.has(offset - 1);
    });
    expect(cutsAtSentenceEnds).toContain(false);
    expect(cutsAtSentenceEnds).toContain(true);
  });

  it('times the same text the same way every time', () => {
    expect(speechCaptions(TEXT)).toEqual(speechCaptions(TEXT));
  });
});

describe('sentenceEndsIn', () => {
  it('finds where each sentence of the source ends in the unpunctuated track', () => {
    const segments = speechCaptions(TEXT);
    const text = transcriptText(segments);
    expect(
      sentenceEndsIn(TEXT, segments).map((end) => text.slice(0, end).split(' ').slice(-2).join(' ')),
    ).toEqual(['we start', 'solid right', "it wasn't", 'needed money', 'money fast']);
  });
});
