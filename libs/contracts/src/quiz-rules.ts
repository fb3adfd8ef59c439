import type { TranscriptSegment } from './entities';
import type { QuizKind } from './quiz';

// The rules any writer's question keeps, whoever wrote it (the offline engine, a model): its answer is said at the
// moment it cites, one option is right and no other is also right, and neither length nor form gives the answer
// away. The study-aid quality bench judges both engines' quizzes by them, and the OpenAI-compatible engine drops a
// model's question that breaks one.

/** A question as these rules read it: its kind, options, answer and the moment it cites. */
export interface RuledQuestion {
  kind: QuizKind;
  options?: readonly string[] | undefined;
  answer: string;
  moment: { start: number };
}

// A moment's sentence runs over a few caption lines, and a lecturer says the answer around the moment it cites.
export const ANSWER_WINDOW_BEFORE_SECONDS = 15;
export const ANSWER_WINDOW_AFTER_SECONDS = 30;

/** Text as the rules compare it: NFKC, lower case, every run of what is not a letter or digit one space. */
export const ruleNormal = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const contentWords = (text: string) =>
  ruleNormal(text)
    .split(' ')
    .filter((word) => word.length >= 3);

/** The transcript lines of a question's moment: those starting 15 seconds before it to 30 seconds after. */
export function linesAroundMoment(
  start: number,
  segments: readonly TranscriptSegment[],
): TranscriptSegment[] {
  const from = start - ANSWER_WINDOW_BEFORE_SECONDS;
  const to = start + ANSWER_WINDOW_AFTER_SECONDS;
  return segments.filter((segment) => segment.start >= from && segment.start <= to);
}

/**
 * The answer's words (of three letters or more) are said in the lines of the question's moment: all of a choice's,
 * 80% of a model answer's.
 */
export function answerable(question: RuledQuestion, segments: readonly TranscriptSegment[]): boolean {
  const said = new Set(
    linesAroundMoment(question.moment.start, segments).flatMap((segment) =>
      ruleNormal(segment.text).split(' '),
    ),
  );
  const words = contentWords(question.answer);
  if (words.length === 0) return true;
  const found = words.filter((word) => said.has(word)).length;
  return question.kind === 'choice' ? found === words.length : found >= words.length * 0.8;
}

/** How many options are the answer, compared normalised. */
export function rightOptions(question: RuledQuestion): number {
  const answer = ruleNormal(question.answer);
  return (question.options ?? []).filter((option) => ruleNormal(option) === answer).length;
}

// Compared as whole words: "linked list" is within "a linked list", "list" within both, "lists" within neither.
function within(small: string, large: string): boolean {
  return ` ${large} `.includes(` ${small} `);
}

/**
 * A wrong option is also right: it is the answer, a part of it or more of it, or two options are one and the same
 * or one within the other (all compared normalised, as whole words).
 */
export function hasAnotherRightOption(question: RuledQuestion): boolean {
  const options = (question.options ?? []).map(ruleNormal);
  const answer = ruleNormal(question.answer);
  const wrong = options.filter((option) => option !== answer);
  if (wrong.some((option) => within(option, answer) || within(answer, option))) return true;
  return options.some((option, at) =>
    options.some((other, otherAt) => otherAt !== at && (option === other || within(option, other))),
  );
}

const wrongOptions = (question: RuledQuestion) =>
  (question.options ?? []).filter((option) => ruleNormal(option) !== ruleNormal(question.answer));

/** The answer is the longest option by far: half as long again as any other, and 8 letters more. */
export function answerLongestByFar(question: RuledQuestion): boolean {
  const answer = question.answer.trim().length;
  const longestOther = Math.max(...wrongOptions(question).map((option) => option.trim().length));
  return answer >= longestOther * 1.5 && answer - longestOther >= 8;
}

const FORMS: Array<(text: string) => boolean> = [
  (text) => /^\p{Lu}/u.test(text.trim()),
  (text) => /[^s]s$/iu.test(text.trim()),
  (text) => /\d/u.test(text),
];

/** The answer alone has a form: it is the only capitalised, plural or numeric option. */
export function answerFormAlone(question: RuledQuestion): boolean {
  const others = wrongOptions(question);
  return FORMS.some((form) => form(question.answer) && others.every((option) => !form(option)));
}

/** A rule a question broke, as a writer is told of it. */
export const QUIZ_RULES = {
  notAnswerable: 'the answer is not said in the lines of its moment',
  notOneRight: 'not exactly one option is the answer',
  alsoRight: 'another option is also right (the same, a part or more of the answer or of another option)',
  lengthGiveaway: 'the answer is given away by its length (far the longest option)',
  formGiveaway: 'the answer is given away by its form (the only capitalised, plural or numeric option)',
} as const;
export type QuizRule = keyof typeof QUIZ_RULES;

/** The rules a question breaks, none for a fair one; a choice's options are judged, a short answer's moment. */
export function brokenQuizRules(question: RuledQuestion, segments: readonly TranscriptSegment[]): QuizRule[] {
  const broken: QuizRule[] = [];
  if (!answerable(question, segments)) broken.push('notAnswerable');
  if (question.kind !== 'choice') return broken;
  if (rightOptions(question) !== 1) broken.push('notOneRight');
  if (hasAnotherRightOption(question)) broken.push('alsoRight');
  if (answerLongestByFar(question)) broken.push('lengthGiveaway');
  if (answerFormAlone(question)) broken.push('formGiveaway');
  return broken;
}
