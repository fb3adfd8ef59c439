import { judgeBlogHeadings, parseHeadings, TranscriptReading } from './blog-headings';

const transcript = new TranscriptReading(
  [
    'The overall equation looks simple: carbon dioxide plus water gives glucose and oxygen.',
    'When chlorophyll absorbs light, one of its electrons is pushed to a higher energy level.',
    'That excited electron is passed along a chain of proteins.',
    'Stage one happens in the thylakoid membranes. Stage two is the Calvin cycle.',
    'RuBisCO fixes carbon dioxide onto a sugar, and the Calvin cycle builds sugars from it.',
    'On a dry day carbon dioxide runs low, and the Calvin cycle slows down.',
    'Take a function f of x. Position is a function of time.',
    'In seventeen eighty nine, and in seventeen ninety, Paris was hungry.',
  ].join(' '),
);

describe('TranscriptReading.isFragmentHeading', () => {
  it.each(['Dioxide', 'Cycle', 'Carbon', 'Light Energy', 'Photosynthesis', 'Seventeen'])(
    'catches a heading that is part of a longer phrase, or never said: %s',
    (heading) => {
      expect(transcript.isFragmentHeading(heading)).toBe(true);
    },
  );

  it.each(['Carbon Dioxide', 'The Calvin Cycle', 'Electrons', 'Stage', 'Chlorophyll', 'Sugars', 'Function'])(
    'passes a heading that stands on its own: %s',
    (heading) => {
      expect(transcript.isFragmentHeading(heading)).toBe(false);
    },
  );
});

describe('judgeBlogHeadings', () => {
  it('counts the section headings, "Key takeaways" aside, and names the fragments', () => {
    const post =
      '# Title\n\nIntro.\n\n## Cycle\n\nText.\n\n## Carbon Dioxide (0:13)\n\nText.\n\n## Key takeaways\n\n- One.';
    expect(parseHeadings(post)).toEqual(['Cycle', 'Carbon Dioxide']);
    expect(judgeBlogHeadings(post, transcript)).toEqual({ headings: 2, fragments: ['Cycle'] });
  });
});

describe('an unpunctuated transcript with known sentence ends', () => {
  const text = 'keep those two words in mind stroma is the fluid around the stacks';
  const ends = [text.indexOf(' stroma')];

  it('joins no phrase across a sentence end', () => {
    expect(new TranscriptReading(text).isFragmentHeading('Stroma')).toBe(true);
    expect(new TranscriptReading(text, ends).isFragmentHeading('Stroma')).toBe(false);
  });
});
