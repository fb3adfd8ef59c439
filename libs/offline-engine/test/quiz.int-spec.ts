import { formatTimestamp, normalizeQuizOption, parseQuiz, type TranscriptSegment } from '@lectern/contracts';
import { REAL_LECTURES, realLectureSegments } from '../bench/lectures/real/real-lectures';
import { OfflineEngine } from '../src/offline-engine';

// The offline quiz on the real development lectures (bench/lectures/real): questions from the lecture's own
// definitions and statements, each asked at the sentence that teaches it, wrong options that are other terms.

const engine = new OfflineEngine();
const development = REAL_LECTURES.filter((lecture) => !lecture.heldOut);

async function quizOf(segments: TranscriptSegment[], title: string) {
  const { outputText } = await engine.generate({ feature: 'quiz', summaryLength: 'short', title, segments });
  return { text: outputText, questions: parseQuiz(outputText) };
}

const words = (text: string) =>
  normalizeQuizOption(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

describe.each(development.map((lecture) => [lecture.id, lecture] as const))(
  'the offline quiz of %s',
  (_, lecture) => {
    const segments = realLectureSegments(lecture);
    const starts = new Set(segments.map((segment) => Math.floor(segment.start)));

    it('asks six to ten fair questions, mostly choices, every one of them read back from what is stored', async () => {
      const { text, questions } = await quizOf(segments, lecture.title);
      expect(questions.length).toBe(text.match(/^## /gmu)?.length);
      expect(questions.length).toBeGreaterThanOrEqual(6);
      expect(questions.length).toBeLessThanOrEqual(10);
      const choices = questions.filter((question) => question.kind === 'choice');
      expect(choices.length).toBeGreaterThanOrEqual(questions.length / 2);
      // The right option is not always in the same place.
      expect(
        new Set(choices.map((question) => question.options?.indexOf(question.answer))).size,
      ).toBeGreaterThan(1);
    });

    it('ties each question to the sentence that teaches it, and explains it with that sentence', async () => {
      const { questions } = await quizOf(segments, lecture.title);
      for (const question of questions) {
        expect(starts.has(question.moment.start)).toBe(true);
        expect(question.explanation.startsWith(`[${formatTimestamp(question.moment.start)}] `)).toBe(true);
        const taught = question.explanation.toLowerCase();
        for (const word of words(question.answer)) expect(taught).toContain(word);
      }
    });

    it('offers wrong options that are other terms: none the answer reworded, part of it or more of it', async () => {
      const { questions } = await quizOf(segments, lecture.title);
      for (const question of questions.filter((candidate) => candidate.kind === 'choice')) {
        const answer = normalizeQuizOption(question.answer);
        for (const option of question.options ?? []) {
          if (option === question.answer) continue;
          const wrong = normalizeQuizOption(option);
          expect({ answer, wrong, overlaps: answer.includes(wrong) || wrong.includes(answer) }).toMatchObject(
            {
              overlaps: false,
            },
          );
          // Of the answer's form: a plural beside a plural, about as many words.
          expect(Math.abs(words(option).length - words(question.answer).length)).toBeLessThanOrEqual(1);
          expect(/[^s]s$/u.test(wrong)).toBe(/[^s]s$/u.test(answer));
        }
      }
    });

    it('is the same quiz every time', async () => {
      expect((await quizOf(segments, lecture.title)).text).toBe((await quizOf(segments, lecture.title)).text);
    });
  },
);
