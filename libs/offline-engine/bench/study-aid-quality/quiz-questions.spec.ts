import { writeQuiz, parseQuiz, type QuizQuestionDraft } from '@lectern/contracts';
import { REAL_LECTURES, realLectureSegments } from '../lectures/real/real-lectures';
import {
  alsoFits,
  grammarGivesAway,
  isLectureTerm,
  judgeQuestions,
  LectureWords,
  notStandingAlone,
  trivialBlank,
} from './quiz-questions';

// The examples are the offline engine's own questions on real lectures (bench/lectures/real), as a student found
// them: the TEDx talk on learning with AI as Whisper transcribed it, and CS50's short on hash tables.
const lectureWords = (id: string) => {
  const lecture = REAL_LECTURES.find((real) => real.id === id);
  if (!lecture) throw new Error(`no real lecture ${id}`);
  return new LectureWords(realLectureSegments(lecture));
};
const talk = lectureWords('tedx-ai-learning-whisper');
const hashTables = lectureWords('cs50-hash-tables');

describe('a quiz sentence that stands alone', () => {
  it('is not a description with no subject matter', () => {
    expect(notStandingAlone('A small description of what the _____ does.', talk)).toMatch(/subject matter/);
    expect(notStandingAlone('No context for who the _____ is, nothing.', talk)).toMatch(/subject matter/);
  });

  it('does not start by pointing back, nor name someone only by a pronoun', () => {
    expect(
      notStandingAlone("So here's what the _____ is-- it applies to every positive integer.", talk),
    ).toMatch(/pointing back/);
    expect(
      notStandingAlone(
        'And the _____ replied that he is interfering with the students learning style.',
        talk,
      ),
    ).toMatch(/pronoun/);
    expect(
      notStandingAlone('In fact there\u2019s a number of really, really good ones on the _____.', hashTables),
    ).toMatch(/pronoun/);
  });

  it('has words of meaning about the lecture around the blank', () => {
    expect(
      notStandingAlone('By now you know a lot about arrays, and you know a lot about _____.', hashTables),
    ).toMatch(/few words/);
  });

  it('passes a sentence about the lecture that names what it speaks of', () => {
    expect(
      notStandingAlone(
        'A researcher ran a _____ on over 300 professionals working in a large corporation.',
        talk,
      ),
    ).toBeNull();
    expect(notStandingAlone('A _____ should also uniformly distribute data.', hashTables)).toBeNull();
    expect(
      notStandingAlone(
        'Now the downside of a hash table is that they\u2019re really pretty bad at ordering or sorting _____.',
        hashTables,
      ),
    ).toBeNull();
  });
});

describe('a blank the rest of a fixed phrase fills in', () => {
  it('is found where the word beside the blank comes with the answer most times the lecture says it', () => {
    const sentence =
      'In NYU, a professor changed their assessment so that it could be harder for kids to use chat _____.';
    expect(trivialBlank(sentence, 'gpt', talk)).toBe(true);
  });

  it('is not found where the word beside the blank goes with many words', () => {
    expect(trivialBlank('A researcher ran a _____ on over 300 professionals.', 'study', talk)).toBe(false);
    expect(trivialBlank('A _____ should also uniformly distribute data.', 'hash function', hashTables)).toBe(
      false,
    );
  });
});

describe('wrong options that are terms of the lecture', () => {
  it('are noun phrases the lecture says, not fragments of speech', () => {
    expect(isLectureTerm('likely going', talk)).toBe(false);
    expect(isLectureTerm('dark pattern', talk)).toBe(true);
    expect(isLectureTerm('chat gpt', talk)).toBe(true);
    expect(isLectureTerm('hash functions', hashTables)).toBe(true);
    expect(isLectureTerm('quantum computers', hashTables)).toBe(false);
  });
});

describe('a wrong option the lecture puts in the same slot', () => {
  it('is found when the lecture says it with the words around the blank', () => {
    // The short says "put into the hash table" as often as "into the hash function".
    const into =
      'Well it means that every time we pass the exact same piece of data into the _____ we always get the same hashcode out.';
    expect(alsoFits(into, 'hash table', hashTables)).toBe(true);
    expect(alsoFits(into, 'linked list', hashTables)).toBe(false);
    // "the head of a linked list": a one-element list's element is its head too.
    const only = "And right now it's the only _____ of a linked list.";
    expect(alsoFits(only, 'head', hashTables)).toBe(true);
  });

  it('is not found when only words of grammar stand beside the blank', () => {
    expect(alsoFits('A researcher ran a _____ on over 300 professionals.', 'survey', talk)).toBe(false);
    expect(alsoFits('By now you know a lot about _____.', 'hash tables', hashTables)).toBe(false);
  });
});

describe("an answer the sentence's grammar gives away", () => {
  it('is found where a wrong option does not take the article before the blank', () => {
    // The demo's memory lecture, as its quiz once asked it: only "exam" follows "an".
    const sentence = 'Students who pull an all-nighter before an _____ are sacrificing consolidation.';
    expect(grammarGivesAway(sentence, 'exam', 'practice', hashTables)).toBe(true);
    expect(grammarGivesAway(sentence, 'exam', 'essay', hashTables)).toBe(false);
    expect(
      grammarGivesAway(
        'A _____ should also uniformly distribute data.',
        'hash function',
        'array location',
        hashTables,
      ),
    ).toBe(true);
  });

  it('is found where a bare singular follows a preposition and the option is never said bare', () => {
    // "the user" only in the talk, never "user" alone.
    expect(grammarGivesAway('They are at _____ as well.', 'risk', 'dark pattern', talk)).toBe(true);
    expect(grammarGivesAway('They are at _____ as well.', 'risk', 'knowledge', talk)).toBe(false);
    // A plural answer may stand bare: "collide at convergent boundaries".
    expect(grammarGivesAway('They are at _____ as well.', 'risks', 'dark pattern', talk)).toBe(false);
  });
});

describe('the quiz judged as a student reads it', () => {
  const question = (draft: Partial<QuizQuestionDraft>): QuizQuestionDraft => ({
    kind: 'choice',
    prompt: 'Fill in the blank: A _____ should also uniformly distribute data.',
    options: ['linked list', 'hash function', 'hash table', 'data structure'],
    answer: 'hash function',
    explanation: '[6:02] A hash function should also uniformly distribute data.',
    moment: { start: 362 },
    ...draft,
  });
  const judged = (
    lecture: 'tedx-ai-learning-whisper' | 'cs50-hash-tables' | 'cs50-week3-sorting',
    ...drafts: QuizQuestionDraft[]
  ) => {
    const real = REAL_LECTURES.find((candidate) => candidate.id === lecture);
    if (!real) throw new Error(lecture);
    return judgeQuestions(parseQuiz(writeQuiz(drafts)), realLectureSegments(real));
  };

  it('passes a question a student can trust', () => {
    expect(judged('cs50-hash-tables', question({}))).toEqual({
      aboutTheRoom: [],
      courseBusiness: [],
      definitionsNotAlone: [],
      notStandingAlone: [],
      trivialBlanks: [],
      notTerms: [],
      alsoFitting: [],
      grammarGiveaways: [],
    });
  });

  it('finds each fault of the questions written for the TEDx talk', () => {
    const faults = judged(
      'tedx-ai-learning-whisper',
      question({
        prompt: 'Fill in the blank: A small description of what the _____ does.',
        options: ['donation', 'co-pilot', 'business', 'education'],
        answer: 'business',
      }),
      question({
        prompt:
          'Fill in the blank: In NYU, a professor changed their assessment so that it could be harder for kids to use chat _____.',
        options: ['zoo', 'gpt', 'user', 'risk'],
        answer: 'gpt',
      }),
      question({
        prompt:
          'Fill in the blank: And when a _____ or large language model like it speaks to you in a perfect tone, that is something very similar.',
        options: ['dark pattern', 'likely going', 'business', 'chat gpt'],
        answer: 'chat gpt',
      }),
    );
    expect(faults.notStandingAlone).toHaveLength(1);
    expect(faults.trivialBlanks).toHaveLength(1);
    expect(faults.notTerms).toEqual([expect.stringMatching(/^Fill in the blank: And when a _____/)]);
  });

  it('finds questions on the room and the course, and definitions that do not stand alone', () => {
    const faults = judged(
      'cs50-week3-sorting',
      question({
        prompt: 'Fill in the blank: _____, if you could step back for just a moment with your number.',
        options: ['joseph', 'middle', 'list', 'running time'],
        answer: 'joseph',
      }),
      question({
        prompt: 'Fill in the blank: So for instance, selection sort’s _____ is on the order of n squared.',
        options: ['random order', 'touch screen', 'alan Estrada', 'running time'],
        answer: 'running time',
      }),
      question({
        prompt: 'Fill in the blank: And then problem set two is already in your _____.',
        options: ['lists', 'hands', 'swaps', 'pages'],
        answer: 'hands',
      }),
      question({
        kind: 'short',
        prompt: 'What is bubble sort?',
        options: undefined,
        answer: 'And what that means is, we swap pairs again and again.',
      }),
      question({
        kind: 'short',
        prompt: 'What is the second piece?',
        options: undefined,
        answer: 'The second piece is an array, which stores the data.',
      }),
      question({
        kind: 'short',
        prompt: 'What is selection sort?',
        options: undefined,
        answer: 'Selection sort is an algorithm that selects the smallest element again and again.',
      }),
    );
    expect(faults.aboutTheRoom).toEqual([
      expect.stringMatching(/^Fill in the blank: _____, if you could/),
      expect.stringMatching(/selection sort’s _____/),
    ]);
    expect(faults.courseBusiness).toEqual([expect.stringMatching(/problem set two/)]);
    expect(faults.definitionsNotAlone).toEqual([
      expect.stringMatching(/^What is bubble sort\?/),
      expect.stringMatching(/^What is the second piece\?/),
    ]);
  });
});
