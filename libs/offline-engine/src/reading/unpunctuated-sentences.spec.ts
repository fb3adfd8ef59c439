import type { TranscriptSegment } from '@lectern/contracts';
import { autoCaptions, timeLines } from '@lectern/fakes/youtube/captions';
import { LECTURES } from '@lectern/fakes/youtube/lectures';
import { LECTURE_TEXT } from '../../bench/lectures/memory-lecture';
import { autoCaptionLecture } from '../../bench/lectures/memory-lecture-captions';
import { BOUNDARY_LECTURES } from '../../bench/lectures/boundary-lectures';
import { sentenceEndsIn, speechCaptions, transcriptText } from '../../bench/lectures/caption-builders';
import { analyseTranscript } from '../analysis/transcript-analysis';

// Auto-captions are derived from punctuated lectures, so the true sentence ends are known word by word. These
// tests split the unpunctuated captions and compare the boundaries found with the true ones.

interface Case {
  name: string;
  segments: TranscriptSegment[];
  /** Word positions (in the captions' words) that end a sentence, the last word excluded. */
  trueEnds: number[];
}

interface Score {
  predicted: number;
  actual: number;
  matched: number;
}

const TERMINATED = /[.!?…]["'”’)\]]*$/;

// The caption words each punctuated word becomes, and whether it ends a sentence.
function sentenceEnds(punctuatedWords: readonly string[], spoken: (word: string) => string[]): boolean[] {
  const ends: boolean[] = [];
  for (const word of punctuatedWords) {
    const count = spoken(word).length;
    for (let index = 0; index < count; index += 1) ends.push(false);
    if (TERMINATED.test(word) && ends.length > 0) ends[ends.length - 1] = true;
  }
  return ends;
}

function endsToPositions(ends: readonly boolean[]): number[] {
  return ends.flatMap((end, index) => (end && index < ends.length - 1 ? [index] : []));
}

const captionWords = (segments: readonly TranscriptSegment[]) =>
  segments.flatMap((segment) => segment.text.split(/\s+/).filter(Boolean));

function demoCase(lines: readonly string[], name: string): Case {
  const segments = autoCaptions(timeLines(lines)).map(({ text, start }) => ({ text, start }));
  const words = lines.flatMap((line) =>
    line
      .replace(/<[^>]+>/g, '')
      .split(/\s+/)
      .filter(Boolean),
  );
  const ends = sentenceEnds(words, (word) =>
    word
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
      .split(/\s+/)
      .filter(Boolean),
  );
  return { name, segments, trueEnds: endsToPositions(ends) };
}

const memoryWords = LECTURE_TEXT.trim().split(/\s+/);
const memoryEnds = sentenceEnds(memoryWords, (word) =>
  word.toLowerCase().replace(/[^a-z0-9'-]/g, '') === '' ? [] : [word],
);

function memoryCase(name: string, segments: TranscriptSegment[]): Case {
  return { name, segments, trueEnds: endsToPositions(memoryEnds) };
}

// The memory lecture as captions without any pause: seven words a segment at an even two words a second.
function evenlyTimed(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  const words = captionWords(segments);
  const even: TranscriptSegment[] = [];
  for (let index = 0; index < words.length; index += 7) {
    even.push({ text: words.slice(index, index + 7).join(' '), start: index * 0.5 });
  }
  return even;
}

// A lecture as speech recognition cuts it: lines of three to nine words that often end mid-sentence.
function speechCase(id: string, text: string, seed: number): Case {
  const segments = speechCaptions(text, seed);
  const written = transcriptText(segments);
  const wordEnds = [...written.matchAll(/\S+/g)].map((match) => match.index + match[0].length);
  const ends = new Set(sentenceEndsIn(text, segments));
  const trueEnds = wordEnds.flatMap((end, index) =>
    ends.has(end) && index < wordEnds.length - 1 ? [index] : [],
  );
  return { name: `${id}, speech recognition (seed ${seed})`, segments, trueEnds };
}

/** Where the offline engine ends its sentences, as positions in the captions' words (the last excluded). */
function predictedEnds(segments: readonly TranscriptSegment[]): number[] {
  const analysis = analyseTranscript(segments);
  const wordStarts: number[] = [];
  const text = analysis.text;
  for (const match of text.matchAll(/\S+/g)) wordStarts.push(match.index);
  const wordAt = (offset: number) => {
    let low = 0;
    let high = wordStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((wordStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return analysis.sentences
    .slice(0, -1)
    .map((sentence) => wordAt(analysis.tokens.offset[sentence.lastToken] ?? 0));
}

// A predicted end within one word of a true one counts; each true end is matched at most once.
function scoreBoundaries(predicted: readonly number[], actual: readonly number[]): Score {
  const used = new Set<number>();
  let matched = 0;
  for (const end of predicted) {
    const hit = [end, end - 1, end + 1].find(
      (candidate) => actual.includes(candidate) && !used.has(candidate),
    );
    if (hit !== undefined) {
      used.add(hit);
      matched += 1;
    }
  }
  return { predicted: predicted.length, actual: actual.length, matched };
}

function f1(score: Score): { precision: number; recall: number; f1: number } {
  const precision = score.predicted === 0 ? 0 : score.matched / score.predicted;
  const recall = score.actual === 0 ? 0 : score.matched / score.actual;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

function evaluate(cases: readonly Case[]): ReturnType<typeof f1> {
  const total: Score = { predicted: 0, actual: 0, matched: 0 };
  for (const testCase of cases) {
    expect(captionWords(testCase.segments).length).toBeGreaterThan(testCase.trueEnds.at(-1) ?? 0);
    const score = scoreBoundaries(predictedEnds(testCase.segments), testCase.trueEnds);
    const figures = f1(score);
    report.push(
      `${testCase.name}: precision ${figures.precision.toFixed(2)} recall ${figures.recall.toFixed(2)} F1 ${figures.f1.toFixed(2)}`,
    );
    total.predicted += score.predicted;
    total.actual += score.actual;
    total.matched += score.matched;
  }
  return f1(total);
}

const report: string[] = [];
afterAll(() => console.log(`Sentence boundaries in auto-captions\n${report.join('\n')}`));

describe('sentence boundaries in unpunctuated auto-captions', () => {
  it('finds the sentence ends of the demo lectures, whose words are spread evenly without pauses', () => {
    const cases = LECTURES.map((lecture) => demoCase(lecture.lines, lecture.id));
    const figures = evaluate(cases);
    report.push(`demo lectures overall: F1 ${figures.f1.toFixed(2)}`);
    expect(figures.f1).toBeGreaterThanOrEqual(0.45);
  });

  it('finds the sentence ends of the memory lecture, where the speaker pauses after each sentence', () => {
    const figures = evaluate([memoryCase('memory lecture, pauses', autoCaptionLecture)]);
    expect(figures.f1).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the sentence ends of the memory lecture from its words alone when it is timed evenly', () => {
    const figures = evaluate([memoryCase('memory lecture, no pauses', evenlyTimed(autoCaptionLecture))]);
    expect(figures.f1).toBeGreaterThanOrEqual(0.55);
  });

  it('finds the sentence ends of lectures that speech recognition cut into lines ending mid-sentence', () => {
    const cases = BOUNDARY_LECTURES.flatMap(({ id, text }) =>
      [7, 11].map((seed) => speechCase(id, text, seed)),
    );
    const figures = evaluate(cases);
    report.push(
      `speech-recognition lectures overall: precision ${figures.precision.toFixed(2)} recall ${figures.recall.toFixed(2)} F1 ${figures.f1.toFixed(2)}`,
    );
    expect(figures.f1).toBeGreaterThanOrEqual(0.55);
  });

  it('never starts a sentence with a hesitation sound', () => {
    const analysis = analyseTranscript([
      { text: 'so um today we are going to look at', start: 0 },
      { text: 'hash tables uh a hash table maps keys', start: 3 },
      { text: 'to values um and it does that with a', start: 6 },
      { text: 'hash function uh okay let us start', start: 9 },
    ]);
    expect(analysis.sentences.length).toBeGreaterThan(1);
    for (const sentence of analysis.sentences) expect(sentence.raw).not.toMatch(/^(?:um|uh)\b/);
  });

  it('has no sentences in a transcript of nothing but hesitation sounds', () => {
    expect(
      analyseTranscript([
        { text: 'um uh', start: 0 },
        { text: 'hmm', start: 2 },
      ]).sentences,
    ).toEqual([]);
  });

  it('ends a sentence at the odd question mark in captions that are otherwise unpunctuated', () => {
    const text = [
      'the table keeps every key in a bucket and the bucket is chosen by the hash of the key',
      'the table keeps every key in a bucket and the bucket is chosen by the hash of the key',
      'the table keeps every key in a bucket and the bucket is chosen by the hash of the key',
      'so what does a collision cost? for every lookup of those keys a longer chain to walk',
    ].join(' ');
    const analysis = analyseTranscript(evenlyTimed([{ text, start: 0 }]));
    expect(analysis.punctuated).toBe(false);
    const asked = analysis.sentences.findIndex((sentence) => sentence.raw.endsWith('?'));
    expect(analysis.sentences[asked]?.question).toBe(true);
    expect(analysis.sentences[asked + 1]?.raw).toMatch(/^for every lookup/);
  });
});
