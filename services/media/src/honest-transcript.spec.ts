import { honestTranscript } from './honest-transcript';

const segment = (
  start: number,
  text: string,
  scores: { no_speech_prob?: number; avg_logprob?: number } = {},
) => ({
  start,
  end: start + 2,
  text,
  avg_logprob: -0.2,
  no_speech_prob: 0.02,
  ...scores,
});

describe('honestTranscript', () => {
  it('keeps what was said, in time order, with durations', () => {
    const result = honestTranscript([segment(5, ' Second.'), segment(1, ' First.')]);
    expect(result.segments).toEqual([
      { start: 1, duration: 2, text: 'First.' },
      { start: 5, duration: 2, text: 'Second.' },
    ]);
    expect(result.dropped).toBe(0);
  });

  it('drops what the recogniser itself calls no speech', () => {
    const result = honestTranscript([
      segment(1, ' Real words.'),
      segment(4, ' Invented.', { no_speech_prob: 0.9 }),
    ]);
    expect(result.segments.map((s) => s.text)).toEqual(['Real words.']);
    expect(result.dropped).toBe(1);
  });

  it.each([
    'Thanks for watching!',
    'Thank you for watching.',
    ' thank you  for WATCHING ',
    'Please subscribe.',
  ])('drops the silence phrase %j', (phrase) => {
    const result = honestTranscript([segment(1, ' Real words.'), segment(4, phrase)]);
    expect(result.segments.map((s) => s.text)).toEqual(['Real words.']);
  });

  it('keeps a phrase that only contains a silence phrase', () => {
    const text = 'Thanks for watching the demo closely, it matters.';
    expect(honestTranscript([segment(1, text)]).segments).toHaveLength(1);
  });

  it('drops a line repeated three times or more in a row, and keeps one said twice', () => {
    const result = honestTranscript([
      segment(0, 'The mitochondria.'),
      segment(2, 'The mitochondria.'),
      segment(4, 'Loop line.'),
      segment(6, 'Loop line.'),
      segment(8, 'loop line'),
      segment(10, 'After.'),
    ]);
    expect(result.segments.map((s) => s.text)).toEqual(['The mitochondria.', 'The mitochondria.', 'After.']);
    expect(result.dropped).toBe(3);
  });

  it('marks low-confidence segments as unclear instead of hiding them', () => {
    const result = honestTranscript([segment(1, 'Sure.'), segment(3, 'Mumbled.', { avg_logprob: -1.3 })]);
    expect(result.segments).toEqual([
      { start: 1, duration: 2, text: 'Sure.' },
      { start: 3, duration: 2, text: 'Mumbled.', unclear: true },
    ]);
    expect(result.unclear).toBe(1);
  });
});
