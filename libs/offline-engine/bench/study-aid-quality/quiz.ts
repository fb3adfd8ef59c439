import { judgeQuestions, type QuestionFaults } from './quiz-questions';
import {
  answerFormAlone,
  answerLongestByFar,
  answerable,
  hasAnotherRightOption,
  parseQuiz,
  rightOptions,
  type QuizQuestion,
  type TranscriptSegment,
} from '@lectern/contracts';

// The quiz judged from its stored Markdown and the transcript alone: each question answerable from the moment it
// cites, one right option, no wrong option that is also right, and nothing that gives the answer away. Those rules
// are the contracts' (quiz-rules.ts), which the OpenAI-compatible engine's quiz guard keeps too; the fill-in
// judges (quiz-questions.ts) are the bench's own.

export interface QuizFigures extends QuestionFaults {
  /** Question headings in the Markdown. */
  questions: number;
  /** Headings not read as a fair question (no moment, not four options with one right, no explanation). */
  unreadable: number;
  choices: number;
  /** Questions whose answer's words are not said at their moment (its line and the half-minute around it). */
  notAnswerable: string[];
  /** Choices whose options do not hold the answer exactly once. */
  notOneRight: string[];
  /** Choices with a wrong option that is the answer, a part of it or more of it, or another option so. */
  alsoRight: string[];
  /** Choices whose answer is the longest option by far (half as long again as any other, and 8 letters more). */
  lengthGiveaways: string[];
  /** Choices whose answer alone has a form: the only capitalised, plural or numeric option. */
  formGiveaways: string[];
}

export function judgeQuiz(markdown: string, segments: readonly TranscriptSegment[]): QuizFigures {
  const questions = parseQuiz(markdown);
  const headings = markdown.match(/^#{2,4} /gmu)?.length ?? 0;
  const choices = questions.filter((question) => question.kind === 'choice');
  return {
    questions: headings,
    unreadable: headings - questions.length,
    choices: choices.length,
    notAnswerable: questions.filter((question) => !answerable(question, segments)).map(label),
    notOneRight: choices.filter((question) => rightOptions(question) !== 1).map(label),
    alsoRight: choices.filter(hasAnotherRightOption).map(label),
    lengthGiveaways: choices.filter(answerLongestByFar).map(label),
    formGiveaways: choices.filter(answerFormAlone).map(label),
    ...judgeQuestions(questions, segments),
  };
}

/** A quiz's questions that miss a target, each as its prompt and answer. */
export function quizFailures(quiz: QuizFigures): string[] {
  return [
    ...quiz.notAnswerable.map((question) => `quiz question not answerable at its moment: ${question}`),
    ...quiz.notOneRight.map((question) => `quiz choice without one right option: ${question}`),
    ...quiz.alsoRight.map((question) => `quiz choice with an option also right: ${question}`),
    ...quiz.lengthGiveaways.map((question) => `quiz answer given away by length: ${question}`),
    ...quiz.formGiveaways.map((question) => `quiz answer given away by form: ${question}`),
    ...quiz.aboutTheRoom.map((question) => `quiz question on the people in the room: ${question}`),
    ...quiz.courseBusiness.map((question) => `quiz question on how the course runs: ${question}`),
    ...quiz.definitionsNotAlone.map((question) => `quiz definition that does not stand alone: ${question}`),
    ...quiz.notStandingAlone.map((question) => `quiz sentence that does not stand alone: ${question}`),
    ...quiz.trivialBlanks.map((question) => `quiz blank the rest of a fixed phrase fills: ${question}`),
    ...quiz.notTerms.map((question) => `quiz wrong option that is not a term of the lecture: ${question}`),
    ...quiz.alsoFitting.map((question) => `quiz wrong option the lecture puts in the same slot: ${question}`),
    ...quiz.grammarGiveaways.map((question) => `quiz answer given away by grammar: ${question}`),
  ];
}

const label = (question: QuizQuestion) => `${question.prompt} → ${question.answer}`;
