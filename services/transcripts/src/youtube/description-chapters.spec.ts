import { chaptersFromDescription } from './description-chapters';

// Descriptions in the shape `videoDetails.shortDescription` has them: plain text, `\n` line breaks, links,
// hashtags and credits around the list of timestamps.

const LECTURE = [
  'In this lecture we build a hash table from scratch and measure it.',
  '',
  'Slides: https://example.edu/cs/hash-tables.pdf',
  '',
  'Timestamps:',
  '0:00 Introduction',
  '2:15 - Why arrays are not enough',
  '7:40 | Hashing functions',
  '15:02 Collisions: chaining vs. open addressing',
  '1:02:30 Summary',
  '',
  '#datastructures #algorithms',
].join('\n');

describe('chaptersFromDescription', () => {
  it('reads a lecture description as YouTube does: title after the timestamp, separators dropped', () => {
    expect(chaptersFromDescription(LECTURE, 3_900)).toEqual([
      { title: 'Introduction', start: 0 },
      { title: 'Why arrays are not enough', start: 135 },
      { title: 'Hashing functions', start: 460 },
      { title: 'Collisions: chaining vs. open addressing', start: 902 },
      { title: 'Summary', start: 3_750 },
    ]);
  });

  it('reads two-digit and bracketed timestamps, and Windows line breaks', () => {
    const description = '(00:00) Intro\r\n[01:30] Light reactions\r\n[10:05] Calvin cycle\r\n';
    expect(chaptersFromDescription(description)).toEqual([
      { title: 'Intro', start: 0 },
      { title: 'Light reactions', start: 90 },
      { title: 'Calvin cycle', start: 605 },
    ]);
  });

  it('reads titles written before their timestamp when no line starts with one', () => {
    const description = 'Chapters\nIntro - 0:00\nDemand curves - 3:20\nEquilibrium - 9:45';
    expect(chaptersFromDescription(description)).toEqual([
      { title: 'Intro', start: 0 },
      { title: 'Demand curves', start: 200 },
      { title: 'Equilibrium', start: 585 },
    ]);
  });

  it('ignores timestamps mentioned before the list that starts at 0:00', () => {
    const description = 'The proof at 4:20 is the best part.\n\n0:00 Start\n1:00 Proof\n4:20 Corollary';
    expect(chaptersFromDescription(description).map((chapter) => chapter.title)).toEqual([
      'Start',
      'Proof',
      'Corollary',
    ]);
  });

  it('gives none when the list does not start at 0:00', () => {
    expect(chaptersFromDescription('0:05 Intro\n1:00 Middle\n2:00 End')).toEqual([]);
  });

  it('gives none for fewer than three timestamps', () => {
    expect(chaptersFromDescription('0:00 Intro\n5:00 The rest')).toEqual([]);
  });

  it('gives none when the timestamps are not ascending', () => {
    expect(chaptersFromDescription('0:00 Intro\n5:00 Second\n3:00 Third\n8:00 Fourth')).toEqual([]);
  });

  it('gives none when a chapter is shorter than ten seconds, the last one against the duration too', () => {
    expect(chaptersFromDescription('0:00 Intro\n0:09 Too soon\n2:00 End')).toEqual([]);
    expect(chaptersFromDescription('0:00 Intro\n1:00 Middle\n2:00 End', 125)).toEqual([]);
    expect(chaptersFromDescription('0:00 Intro\n1:00 Middle\n2:00 End', 130)).toHaveLength(3);
  });

  it('gives none for a description without timestamps, or none at all', () => {
    expect(chaptersFromDescription('Just a talk about photosynthesis.\nhttps://example.org')).toEqual([]);
    expect(chaptersFromDescription('')).toEqual([]);
    expect(chaptersFromDescription(null)).toEqual([]);
  });
});
