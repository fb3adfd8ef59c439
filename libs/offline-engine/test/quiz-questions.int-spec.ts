import { parseQuiz, type QuizQuestion } from '@lectern/contracts';
import { REAL_LECTURES, realLectureSegments } from '../bench/lectures/real/real-lectures';
import { keyTerms } from '../src/analysis/key-terms';
import { analyseTranscript, type PhraseHit, type Sentence } from '../src/analysis/transcript-analysis';
import { OfflineEngine } from '../src/offline-engine';
import {
  blankIsHalfAPhrase,
  blankStandsAlone,
  fillsTheSlot,
  fitsTheGrammar,
  pluralIsSaid,
  saidAsNounPhrase,
} from '../src/writing/quiz-rules';
import { wrongOptionsFor } from '../src/writing/quiz-writer';

// Questions a student can trust, on the real lectures' own sentences (bench/lectures/real): each case is a question
// the offline engine once wrote and a student found weak.

const engine = new OfflineEngine();
const lectureNamed = (id: string) => {
  const lecture = REAL_LECTURES.find((real) => real.id === id);
  if (!lecture) throw new Error(`no real lecture ${id}`);
  return lecture;
};
const whisper = lectureNamed('tedx-ai-learning-whisper');
const autoCaptions = lectureNamed('tedx-ai-learning-youtube-auto');
const hashTables = lectureNamed('cs50-hash-tables');

async function quizOf(id: string): Promise<QuizQuestion[]> {
  const lecture = lectureNamed(id);
  const { outputText } = await engine.generate({
    feature: 'quiz',
    summaryLength: 'short',
    title: lecture.title,
    segments: realLectureSegments(lecture),
  });
  return parseQuiz(outputText);
}

/** The lecture read as the engine reads it, and a term's place in the sentence that says `words`. */
function blankIn(lecture: (typeof REAL_LECTURES)[number], words: string, term: string) {
  const analysis = analyseTranscript(realLectureSegments(lecture), { title: lecture.title });
  const sentence = analysis.sentences.find((candidate) => candidate.raw.includes(words)) as Sentence;
  expect(sentence).toBeDefined();
  const { tokens } = analysis;
  const termWords = term.toLowerCase().split(' ');
  let hit: PhraseHit | undefined;
  for (let at = sentence.firstToken; at <= sentence.lastToken && !hit; at += 1)
    if (termWords.every((word, offset) => tokens.normal[at + offset] === word))
      hit = { phrase: -1, firstToken: at, lastToken: at + termWords.length - 1 };
  if (!hit) throw new Error(`"${term}" is not said in "${sentence.raw}"`);
  return { analysis, sentence, hit };
}

describe('a quiz sentence stands alone', () => {
  it('is never a description with no subject matter', async () => {
    const described = blankIn(whisper, 'A small description of what the', 'business');
    expect(blankStandsAlone(described.analysis, described.sentence, described.hit)).toBe(false);
    const who = blankIn(whisper, 'No context for who the', 'user');
    expect(blankStandsAlone(who.analysis, who.sentence, who.hit)).toBe(false);
    const prompts = (await quizOf(whisper.id)).map((question) => question.prompt);
    expect(prompts.filter((prompt) => /what the _____ does|who the _____ is/u.test(prompt))).toEqual([]);
  });

  it('never blanks one item of a list that any other item would fill', async () => {
    const listed = blankIn(autoCaptions, 'Most recently, OpenAI, Google', 'google');
    expect(blankStandsAlone(listed.analysis, listed.sentence, listed.hit)).toBe(false);
    const prompts = (await quizOf(autoCaptions.id)).map((question) => question.prompt);
    expect(prompts.filter((prompt) => prompt.includes('OpenAI, _____'))).toEqual([]);
  });

  it('keeps a sentence that names what it speaks of', () => {
    const study = blankIn(whisper, 'A researcher ran a study', 'study');
    expect(blankStandsAlone(study.analysis, study.sentence, study.hit)).toBe(true);
  });
});

describe('a quiz blank', () => {
  it('is never the half of a fixed phrase the sentence gives', async () => {
    const chat = blankIn(whisper, 'harder for kids to use chat GPT', 'gpt');
    expect(blankIsHalfAPhrase(chat.analysis, chat.hit, 'GPT')).toBe(true);
    const study = blankIn(whisper, 'A researcher ran a study', 'study');
    expect(blankIsHalfAPhrase(study.analysis, study.hit, 'study')).toBe(false);
    const prompts = (await quizOf(whisper.id)).map((question) => question.prompt);
    expect(prompts.filter((prompt) => /chat _____/iu.test(prompt))).toEqual([]);
  });
});

describe('a quiz’s wrong options', () => {
  it('are terms the lecture says as noun phrases, never "likely going"', async () => {
    const analysis = analyseTranscript(realLectureSegments(whisper), { title: whisper.title });
    const term = (text: string) => keyTerms(analysis).find((candidate) => candidate.text === text);
    const likelyGoing = term('likely going');
    if (likelyGoing) expect(saidAsNounPhrase(analysis, likelyGoing.occurrences)).toBe(false);
    const darkPattern = term('dark pattern');
    expect(darkPattern && saidAsNounPhrase(analysis, darkPattern.occurrences)).toBe(true);
    const options = (await quizOf(whisper.id)).flatMap((question) => question.options ?? []);
    expect(options).not.toContain('likely going');
  });

  it('are offered in a plural only where the lecture would say it: no "gyms" for "at the gym"', async () => {
    const analysis = analyseTranscript(realLectureSegments(autoCaptions), { title: autoCaptions.title });
    expect(pluralIsSaid(analysis, 'gyms', 'gym')).toBe(false);
    expect(pluralIsSaid(analysis, 'kids', 'kid')).toBe(true);
    const options = (await quizOf(autoCaptions.id)).flatMap((question) => question.options ?? []);
    expect(options).not.toContain('gyms');
  });

  it('take the article before the blank as the answer does: no "essay" after "ran a _____"', async () => {
    const researcher = (await quizOf(whisper.id)).find((question) =>
      question.prompt.includes('A researcher ran a _____'),
    );
    expect(researcher?.options).toHaveLength(4);
    expect(researcher?.options?.filter((option) => /^[aeiou]/iu.test(option))).toEqual([]);
    const distribute = (await quizOf(hashTables.id)).find((question) =>
      question.prompt.includes('A _____ should also uniformly distribute data'),
    );
    expect(distribute?.options?.filter((option) => /^[aeiou]/iu.test(option))).toEqual([]);
    const analysis = analyseTranscript(realLectureSegments(whisper), { title: whisper.title });
    const study = blankIn(whisper, 'A researcher ran a study', 'study');
    expect(fitsTheGrammar(analysis, study.hit, 'study', 'essay')).toBe(false);
    expect(fitsTheGrammar(analysis, study.hit, 'study', 'query')).toBe(true);
  });

  it('are never put by the lecture where the answer stands: no "hash table" for "into the _____"', () => {
    const into = blankIn(hashTables, 'piece of data into the hash function', 'hash function');
    expect(fillsTheSlot(into.analysis, into.sentence, into.hit, 'hash table')).toBe(true);
    expect(fillsTheSlot(into.analysis, into.sentence, into.hit, 'linked list')).toBe(false);
    const wrong = wrongOptionsFor(into.analysis, into.sentence, into.hit, 'hash function');
    expect(wrong).toHaveLength(3);
    expect(wrong).not.toContain('hash table');
  });
});
