import {
  QUIZ_RULES,
  QuizAnswerSchema,
  brokenQuizRules,
  formatTimestamp,
  quizDraftOf,
  type QuizQuestionDraft,
  type QuizRule,
  type TranscriptSegment,
} from '@lectern/contracts';
import { transcriptRules, type Dropped } from './moments';

/** A model's quiz as read: its fair questions, or what made it unreadable. */
export type ReadQuiz = { questions: QuizQuestionDraft[] } | { problem: string };

/**
 * The questions of a model's JSON quiz, checked against the contract: well-formed JSON of the quiz schema, and
 * every question fair (four options with exactly one right, a model answer for a short one, a moment). One unfair
 * question makes the whole answer unreadable, so it is asked again rather than shown in part.
 */
export function readQuizAnswer(content: string): ReadQuiz {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { problem: 'the answer is not JSON' };
  }
  const parsed = QuizAnswerSchema.safeParse(json);
  if (!parsed.success)
    return {
      problem: `the answer does not follow the quiz schema (${parsed.error.issues[0]?.message ?? ''})`,
    };
  if (parsed.data.questions.length === 0) return { problem: 'the quiz has no questions' };
  const questions: QuizQuestionDraft[] = [];
  for (const [index, question] of parsed.data.questions.entries()) {
    const read = quizDraftOf(question);
    if ('problem' in read) return { problem: `question ${index + 1}: ${read.problem}` };
    questions.push(read.draft);
  }
  return { questions };
}

/**
 * The questions whose moment is a line of the transcript, as the output guard keeps a moment in every feature's
 * text; a question citing a moment of no line is dropped (it could not send the student anywhere), and its moment
 * counted with the guard's.
 */
export function questionsAtSentMoments(
  questions: readonly QuizQuestionDraft[],
  segments: readonly TranscriptSegment[],
): { questions: QuizQuestionDraft[]; dropped: Dropped } {
  const rules = transcriptRules(segments);
  const dropped: Dropped = { moments: [], links: [] };
  const kept = questions.filter((question) => {
    const moment = formatTimestamp(question.moment.start);
    if (rules.keep(moment) !== null) return true;
    dropped.moments.push(moment);
    return false;
  });
  return { questions: kept, dropped };
}

/** A question the quiz guard dropped, and the rules it broke. */
export interface BrokenQuestion {
  prompt: string;
  rules: QuizRule[];
}

/**
 * The questions that keep the rules any writer's question keeps (its answer said in the lines of its moment, one
 * right option and none also right, no giveaway by length or form: the quality bench's rules), and those dropped.
 */
export function questionsKeepingRules(
  questions: readonly QuizQuestionDraft[],
  segments: readonly TranscriptSegment[],
): { questions: QuizQuestionDraft[]; broken: BrokenQuestion[] } {
  const broken: BrokenQuestion[] = [];
  const kept = questions.filter((question) => {
    const rules = brokenQuizRules(question, segments);
    if (rules.length === 0) return true;
    broken.push({ prompt: question.prompt, rules });
    return false;
  });
  return { questions: kept, broken };
}

/** A dropped question as the guard's drop counts list it: its prompt and the rules it broke. */
export const brokenQuestionLabel = ({ prompt, rules }: BrokenQuestion) =>
  `${prompt} (${rules.map((rule) => QUIZ_RULES[rule]).join('; ')})`;

/**
 * What a second quiz request adds when too few questions of the first kept the rules: which rules they broke, so
 * the model writes them again keeping them.
 */
export function quizRulesReminder(broken: readonly BrokenQuestion[]): string {
  const rules = [...new Set(broken.flatMap((question) => question.rules))];
  return [
    '',
    `Your last quiz had ${broken.length} question(s) Lectern could not use, for these rules they broke:`,
    ...rules.map((rule) => `- ${QUIZ_RULES[rule]}`),
    'Write the quiz again, keeping every rule in every question.',
  ].join('\n');
}
