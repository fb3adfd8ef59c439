import { judgeQuestions, type QuestionFaults } from './quiz-questions';
import { parseQuiz, type QuizQuestion, type TranscriptSegment } from '@lectern/contracts';

// The quiz judged from its stored Markdown and the transcript alone: each question answerable from the moment it
// cites, one right option, no wrong option that is also right, and nothing that gives the answer away.

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

// A moment's sentence runs over a few caption lines, and a lecturer says the answer around the moment it cites.
const BEFORE_SECONDS = 15;
const AFTER_SECONDS = 30;

const normal = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const contentWords = (text: string) =>
  normal(text)
    .split(' ')
    .filter((word) => word.length >= 3);

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
    lengthGiveaways: choices.filter(longestByFar).map(label),
    formGiveaways: choices.filter(formAlone).map(label),
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
    ...quiz.notStandingAlone.map((question) => `quiz sentence that does not stand alone: ${question}`),
    ...quiz.trivialBlanks.map((question) => `quiz blank the rest of a fixed phrase fills: ${question}`),
    ...quiz.notTerms.map((question) => `quiz wrong option that is not a term of the lecture: ${question}`),
    ...quiz.alsoFitting.map((question) => `quiz wrong option the lecture puts in the same slot: ${question}`),
    ...quiz.grammarGiveaways.map((question) => `quiz answer given away by grammar: ${question}`),
  ];
}

const label = (question: QuizQuestion) => `${question.prompt} → ${question.answer}`;

/** The answer's words are said at the question's moment: all of a choice's, most of a model answer's. */
export function answerable(question: QuizQuestion, segments: readonly TranscriptSegment[]): boolean {
  const from = question.moment.start - BEFORE_SECONDS;
  const to = question.moment.start + AFTER_SECONDS;
  const said = new Set(
    segments
      .filter((segment) => segment.start >= from && segment.start <= to)
      .flatMap((segment) => normal(segment.text).split(' ')),
  );
  const words = contentWords(question.answer);
  if (words.length === 0) return true;
  const found = words.filter((word) => said.has(word)).length;
  return question.kind === 'choice' ? found === words.length : found >= words.length * 0.8;
}

function rightOptions(question: QuizQuestion): number {
  const answer = normal(question.answer);
  return (question.options ?? []).filter((option) => normal(option) === answer).length;
}

// Compared as whole words: "linked list" is within "a linked list", "list" within both, "lists" within neither.
function within(small: string, large: string): boolean {
  return ` ${large} `.includes(` ${small} `);
}

function hasAnotherRightOption(question: QuizQuestion): boolean {
  const options = (question.options ?? []).map(normal);
  const answer = normal(question.answer);
  const wrong = options.filter((option) => option !== answer);
  if (wrong.some((option) => within(option, answer) || within(answer, option))) return true;
  return options.some((option, at) =>
    options.some((other, otherAt) => otherAt !== at && (option === other || within(option, other))),
  );
}

function longestByFar(question: QuizQuestion): boolean {
  const answer = question.answer.trim().length;
  const others = (question.options ?? [])
    .filter((option) => normal(option) !== normal(question.answer))
    .map((option) => option.trim().length);
  const longestOther = Math.max(...others);
  return answer >= longestOther * 1.5 && answer - longestOther >= 8;
}

const FORMS: Array<(text: string) => boolean> = [
  (text) => /^\p{Lu}/u.test(text.trim()),
  (text) => /[^s]s$/iu.test(text.trim()),
  (text) => /\d/u.test(text),
];

function formAlone(question: QuizQuestion): boolean {
  const others = (question.options ?? []).filter((option) => normal(option) !== normal(question.answer));
  return FORMS.some((form) => form(question.answer) && others.every((option) => !form(option)));
}
