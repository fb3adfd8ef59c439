import type { TranscriptSegment } from '@lectern/contracts';
import { REAL_LECTURES, realLectureSegments } from '../../bench/lectures/real/real-lectures';
import { analyseTranscript, type TranscriptAnalysis } from '../analysis/transcript-analysis';
import { speakerNames, spokenCaptions } from '../reading/spoken-captions';
import { fitsTheGrammar, pluralIsSaid } from './quiz-rules';
import { quizQuestions } from './quiz-writer';

// The offline quiz on development lectures (bench/lectures/real), with what a student would find wrong in it.

function lecture(id: string, extra: readonly string[] = []): TranscriptSegment[] {
  const real = REAL_LECTURES.find((candidate) => candidate.id === id);
  if (!real) throw new Error(id);
  const segments = realLectureSegments(real);
  const end = segments.at(-1)?.start ?? 0;
  return [...segments, ...extra.map((text, at) => ({ text, start: end + 5 + at * 5 }))];
}

const analysed = (segments: readonly TranscriptSegment[]): TranscriptAnalysis =>
  analyseTranscript(spokenCaptions(segments), { speakers: speakerNames(segments) });

const everything = (question: ReturnType<typeof quizQuestions>[number]) =>
  [question.prompt, question.answer, ...(question.options ?? [])].join(' | ');

describe('the offline quiz', () => {
  it('asks nothing about someone who speaks in the video, nor offers their name', () => {
    // Joey, the lecture's example key, also comes on stage and speaks.
    const onStage = analysed(lecture('cs50-hash-tables', ['>> JOEY: Hi, I am the key.']));
    const offStage = analysed(lecture('cs50-hash-tables'));
    expect(quizQuestions(offStage).map(everything).join('\n')).toMatch(/Joey/);
    expect(quizQuestions(onStage).map(everything).join('\n')).not.toMatch(/Joey/i);
  });

  it('defines no thing named only by its place in the talk', () => {
    // CS50's short: "The second piece is an array, which …", a piece of the hash table named two sentences before.
    const prompts = quizQuestions(analysed(lecture('cs50-hash-tables'))).map((question) => question.prompt);
    expect(prompts).toContain('What is a hash table?');
    expect(prompts.filter((prompt) => /^What is the (?:first|second) piece\?$/u.test(prompt))).toEqual([]);
  });

  it('blanks no sentence on how the course runs', () => {
    const talk = `A hash table stores keys in an array of buckets.
A hash function turns every key into the index of a bucket.
When two keys land in the same bucket, a collision happens.
Chaining keeps a linked list in every bucket for the keys that collide.
A good hash function spreads the keys evenly over the buckets.
The load factor is the number of keys divided by the number of buckets.
When the load factor grows, the hash table doubles its buckets and moves every key.
And then problem set five is already in your hands, with a hash table of linked lists to build.
Office hours on Thursday will walk through the hash function for the dictionary.
Lookup in a hash table takes constant time on average.`;
    const segments = talk.split('\n').map((text, at) => ({ text, start: at * 10 }));
    const prompts = quizQuestions(analysed(segments)).map((question) => question.prompt);
    expect(prompts.length).toBeGreaterThanOrEqual(4);
    expect(prompts.filter((prompt) => /problem set|office hours/iu.test(prompt))).toEqual([]);
  });
});

describe('wrong options', () => {
  const tedx = analysed(lecture('tedx-ai-learning-whisper'));
  const at = (words: readonly string[]) => {
    const { tokens } = tedx;
    for (let token = 0; token < tokens.count; token += 1)
      if (words.every((word, offset) => tokens.normal[token + offset] === word))
        return token + words.length - 1;
    throw new Error(words.join(' '));
  };

  it('take a plural the lecture says, never an unsaid plural of a word it says in capitals', () => {
    // "We all love a zoo": a word it counts; "GPT" only ever in capitals, never "GPTs".
    expect(pluralIsSaid(tedx, 'zoos', 'zoo')).toBe(true);
    expect(pluralIsSaid(tedx, 'gpts', 'gpt')).toBe(false);
  });

  it('stand bare after a preposition only as the lecture says them bare, in that form and as a whole noun', () => {
    // "they are at risk as well": the talk says "essays" bare, never "essay"; "query" only after "the" or "and".
    const risk = at(['at', 'risk']);
    const hit = { phrase: 0, firstToken: risk, lastToken: risk };
    expect(fitsTheGrammar(tedx, hit, 'risk', 'essay')).toBe(false);
    expect(fitsTheGrammar(tedx, hit, 'risk', 'query')).toBe(false);
    expect(fitsTheGrammar(tedx, hit, 'risk', 'knowledge')).toBe(true);
  });
});
