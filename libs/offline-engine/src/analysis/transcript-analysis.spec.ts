import { analyseTranscript, withoutEndlessWords } from './transcript-analysis';

describe('transcript analysis', () => {
  it('splits unpunctuated captions where the speaker pauses, not at every caption line', () => {
    // Two words a second; a one-second pause after "memory trace" and after "over time".
    const segments = [
      { text: 'encoding is the process of turning', start: 0 },
      { text: 'an experience into a memory trace', start: 3 },
      { text: 'storage is the maintenance of', start: 7 },
      { text: 'that trace over time', start: 9.5 },
      { text: 'retrieval brings a stored memory back', start: 12.5 },
      { text: 'into conscious thought', start: 15.5 },
    ];
    const analysis = analyseTranscript(segments);
    expect(analysis.punctuated).toBe(false);
    expect(analysis.sentences.map((sentence) => [sentence.timestamp, sentence.text])).toEqual([
      ['0:00', 'Encoding is the process of turning an experience into a memory trace.'],
      ['0:07', 'Storage is the maintenance of that trace over time.'],
      ['0:12', 'Retrieval brings a stored memory back into conscious thought.'],
    ]);
  });

  it('splits punctuated captions at sentence ends across caption lines, with the start of each', () => {
    const analysis = analyseTranscript([
      { text: 'A heap is a tree. Every parent is', start: 0 },
      { text: 'smaller than its children. Heaps', start: 4 },
      { text: 'live in arrays.', start: 8 },
    ]);
    expect(analysis.punctuated).toBe(true);
    expect(analysis.sentences.map((sentence) => [sentence.timestamp, sentence.raw])).toEqual([
      ['0:00', 'A heap is a tree.'],
      ['0:00', 'Every parent is smaller than its children.'],
      ['0:04', 'Heaps live in arrays.'],
    ]);
  });

  it('ranks sentences on the main topic above asides', () => {
    const sentences = [
      'A hash table maps keys to values with a hash function.',
      'The hash function spreads keys over the buckets of the table.',
      'By the way, the weather outside is lovely this afternoon.',
      'A good hash function keeps the buckets of a hash table short.',
      'Collisions happen when two keys share a bucket in the table.',
    ];
    const analysis = analyseTranscript(sentences.map((text, index) => ({ text, start: index * 5 })));
    expect(analysis.ranked.at(-1)?.raw).toContain('weather');
    expect(analysis.keyPhrases.map((phrase) => phrase.text)).toContain('hash function');
  });

  it('cuts a caption word longer than any spoken word into pieces before wink-nlp reads it', () => {
    const endless = 'x'.repeat(200_000);
    expect(
      withoutEndlessWords(`see ${endless} now`)
        .split(' ')
        .map((word) => word.length),
    ).toEqual([3, ...Array.from({ length: 2_500 }, () => 80), 3]);
    const analysis = analyseTranscript([
      { text: 'A heap is a tree where every parent is smaller than its children.', start: 0 },
      { text: endless, start: 5 },
    ]);
    expect(analysis.tokens.value.every((token) => token.length <= 80)).toBe(true);
    expect(analysis.sentences[0]?.timestamp).toBe('0:00');
    expect(analysis.sentences.at(-1)?.timestamp).toBe('0:05');
  });
});
