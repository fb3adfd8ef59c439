import { z } from 'zod';
import { formatTimestamp, parseTimestamp, TIMESTAMP_PATTERN } from './format';

export const QUIZ_KINDS = ['choice', 'short'] as const;
export const QuizKindSchema = z.enum(QUIZ_KINDS);
export type QuizKind = z.infer<typeof QuizKindSchema>;

/** A multiple-choice question always offers this many options, lettered A to D. */
export const QUIZ_OPTION_COUNT = 4;
const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

/**
 * An option or answer as compared with the others: NFKC, case-folded, whitespace collapsed, end punctuation and
 * Markdown emphasis dropped. Two options the same this way are one option said twice.
 */
export function normalizeQuizOption(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\*\*/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[.!?;:,]+$/u, '')
    .trim()
    .toLowerCase();
}

const nonBlank = z.string().refine((text) => text.trim() !== '', 'must not be blank');

interface FairnessFields {
  kind: QuizKind;
  options?: readonly string[] | undefined;
  answer: string;
}

const questionFields = {
  kind: QuizKindSchema,
  prompt: nonBlank,
  /** The four options of a choice question, one of them equal to `answer`; absent for a short-answer one. */
  options: z.array(nonBlank).optional(),
  /** The right option of a choice question; the model answer of a short-answer one. */
  answer: nonBlank,
  /** Why the answer is right, in the lecture's words, with the moments it rests on. */
  explanation: nonBlank,
  /** The moment of the lecture that teaches the answer. */
  moment: z.object({ start: z.number().nonnegative() }),
};

function fairQuestion(question: FairnessFields, context: z.RefinementCtx) {
  const problem = quizQuestionProblem(question);
  if (problem !== null) context.addIssue({ code: 'custom', message: problem, path: ['options'] });
}

/** The question's fields before it has an id: what an engine writes and `writeQuiz` stores. */
export const QuizQuestionDraftSchema = z.object(questionFields).superRefine(fairQuestion);
export type QuizQuestionDraft = z.infer<typeof QuizQuestionDraftSchema>;

/** Why a question is not a fair one (null when it is): the rules both engines' quizzes keep. */
function quizQuestionProblem(question: FairnessFields): string | null {
  const options = question.options;
  if (question.kind === 'short')
    return options === undefined ? null : 'a short-answer question has no options';
  if (options?.length !== QUIZ_OPTION_COUNT)
    return `a multiple-choice question has exactly ${QUIZ_OPTION_COUNT} options`;
  const normalized = options.map(normalizeQuizOption);
  if (new Set(normalized).size !== normalized.length) return 'no option may be given twice';
  const answer = normalizeQuizOption(question.answer);
  if (normalized.filter((option) => option === answer).length !== 1)
    return 'exactly one option must be the answer';
  return null;
}

/** One question of a quiz, as `GET /api/quizzes/:videoId` answers it; its id (`q1`, `q2`...) is its place. */
export const QuizQuestionSchema = z.object({ id: z.string(), ...questionFields }).superRefine(fairQuestion);
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

/** A video's quiz (the `quiz` AI feature), read from its latest stored item. */
export const QuizSchema = z.object({
  /** The id of the ai_content item the quiz is stored as. */
  id: z.string(),
  videoId: z.string(),
  createdAt: z.string(),
  questions: z.array(QuizQuestionSchema),
});
export type Quiz = z.infer<typeof QuizSchema>;

// The stored form, Markdown a person reads as is in any export:
//
//   ## 1. [2:15] What is the factorial of 3?
//
//   A. 6
//   B. 3
//   ...
//
//   Answer: A. 6
//   Why: [2:15] The factorial of 3 is 3 times 2 times 1.
//
// A short-answer question has no option lines; its `Answer:` is the model answer. Every `##` heading is a
// question's place, so a question dropped for want of a moment keeps the ids of those after it.
const QUESTION_LINE = new RegExp(
  String.raw`^#{2,4}\s+(?:(?:Q(?:uestion)?\s*)?\d+\s*[.):]?\s*)?(?:\[(${TIMESTAMP_PATTERN})\]\s*)?(.+)$`,
  'iu',
);
const OPTION_LINE = /^\(?([A-D])[.)]\s+(.+)$/iu;
const ANSWER_LINE = /^(?:Model\s+)?Answer\s*:\s*(.+)$/iu;
const WHY_LINE = /^(?:Why|Explanation)\s*:\s*(.*)$/iu;
const ANSWER_LETTER = /^\(?([A-D])(?:[.):]\s*(.*))?$/iu;

/** The quiz as stored: a `## n. [m:ss] question` heading each, lettered options, `Answer:` and `Why:` lines. */
export function writeQuiz(questions: readonly QuizQuestionDraft[]): string {
  return questions
    .map((question, index) => {
      const options = question.options ?? [];
      const right = options.findIndex(
        (option) => normalizeQuizOption(option) === normalizeQuizOption(question.answer),
      );
      const answer =
        right >= 0 ? `${OPTION_LETTERS[right]}. ${oneLine(options[right] ?? '')}` : oneLine(question.answer);
      return [
        `## ${index + 1}. [${formatTimestamp(question.moment.start)}] ${oneLine(question.prompt)}`,
        '',
        ...(options.length > 0
          ? [...options.map((option, at) => `${OPTION_LETTERS[at] ?? '?'}. ${oneLine(option)}`), '']
          : []),
        `Answer: ${answer}`,
        `Why: ${oneLine(question.explanation)}`,
      ].join('\n');
    })
    .join('\n\n');
}

interface QuestionBlock {
  start: number;
  prompt: string[];
  options: string[];
  answer: string | null;
  explanation: string[] | null;
}

/**
 * The questions a stored `quiz` item holds, each with the id of its place among the question headings (`q3` is
 * the third, whatever happens to the others). Tolerant of what a model writes a little differently (bold, list
 * markers, `B)` options, an answer given by letter or by text); a question that is not fair as read (not four
 * options with one right, no explanation) is skipped rather than shown wrong.
 */
export function parseQuiz(text: string): QuizQuestion[] {
  const questions: QuizQuestion[] = [];
  let block: QuestionBlock | null = null;
  let place = 0;
  const flush = () => {
    const question = block && questionOf(block, `q${place}`);
    if (question) questions.push(question);
  };
  for (const rawLine of text.split(/\r?\n/u)) {
    const line = rawLine
      .replace(/\*\*/gu, '')
      .replace(/^\s*[-*]\s+/u, '')
      .trim();
    const heading = QUESTION_LINE.exec(line);
    if (heading) {
      flush();
      place += 1;
      const start = parseTimestamp(heading[1] ?? '');
      block =
        start === null
          ? null
          : { start, prompt: [heading[2] ?? ''], options: [], answer: null, explanation: null };
      continue;
    }
    if (!block || line === '') continue;
    const why = WHY_LINE.exec(line);
    const answer = ANSWER_LINE.exec(line);
    const option = OPTION_LINE.exec(line);
    if (why) block.explanation = [why[1] ?? ''];
    else if (block.explanation) block.explanation.push(line);
    else if (answer) block.answer = answer[1] ?? '';
    else if (option && block.answer === null) block.options.push(option[2] ?? '');
    else if (block.options.length === 0 && block.answer === null) block.prompt.push(line);
  }
  flush();
  return questions;
}

function questionOf(block: QuestionBlock, id: string): QuizQuestion | null {
  if (block.answer === null) return null;
  const choice = block.options.length > 0;
  const answer = choice ? chosenOption(block.options, block.answer) : block.answer.trim();
  if (answer === null) return null;
  const parsed = QuizQuestionSchema.safeParse({
    id,
    kind: choice ? 'choice' : 'short',
    prompt: block.prompt.join(' ').trim(),
    ...(choice ? { options: block.options.map((option) => option.trim()) } : {}),
    answer,
    explanation: (block.explanation ?? []).join(' ').trim(),
    moment: { start: block.start },
  });
  return parsed.success ? parsed.data : null;
}

// `Answer: B`, `Answer: B. 6`, `Answer: (b)` or the option's own text.
function chosenOption(options: readonly string[], answer: string): string | null {
  const byLetter = ANSWER_LETTER.exec(answer.trim());
  if (byLetter) {
    const option = options[OPTION_LETTERS.indexOf((byLetter[1] ?? '').toUpperCase() as 'A')];
    if (option !== undefined) return option.trim();
  }
  const wanted = normalizeQuizOption(answer);
  return options.find((option) => normalizeQuizOption(option) === wanted)?.trim() ?? null;
}

function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * One question as a model is asked to write it (structured output): every field present, the options empty for
 * a short-answer question, the moment as the transcript line's `m:ss`.
 */
export const QuizAnswerQuestionSchema = z.object({
  kind: QuizKindSchema.describe('"choice" for a multiple-choice question, "short" for a short-answer one'),
  prompt: z.string().describe('The question, one sentence'),
  options: z
    .array(z.string())
    .describe(
      'For "choice": exactly four options, exactly one of them the answer word for word; for "short": empty',
    ),
  answer: z
    .string()
    .describe('For "choice": the right option, as written in options; for "short": a model answer'),
  explanation: z
    .string()
    .describe(
      'Why the answer is right (and, for "choice", why each other option is wrong), citing [m:ss] moments',
    ),
  moment: z
    .string()
    .describe('The timestamp of the transcript line that teaches the answer, as m:ss (h:mm:ss past an hour)'),
});
export type QuizAnswerQuestion = z.infer<typeof QuizAnswerQuestionSchema>;

/** A model's whole quiz answer. */
export const QuizAnswerSchema = z.object({ questions: z.array(QuizAnswerQuestionSchema) });
export type QuizAnswer = z.infer<typeof QuizAnswerSchema>;

/** The name the quiz's JSON schema goes by in a structured-output request. */
export const QUIZ_ANSWER_SCHEMA_NAME = 'lectern_quiz';

/**
 * The JSON schema of a model's quiz answer as OpenAI's structured outputs take it in strict mode: every property
 * required, no other property allowed.
 */
export function quizAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(QuizAnswerSchema, { target: 'draft-7' });
  return schema;
}

/**
 * The draft a model's question stands for, or why it is not one: the moment read, the options dropped for a short
 * answer, and the same fairness rules as every stored question.
 */
export function quizDraftOf(
  question: QuizAnswerQuestion,
): { draft: QuizQuestionDraft } | { problem: string } {
  const start = parseTimestamp(question.moment.replace(/^\[|\]$/gu, ''));
  if (start === null) return { problem: `moment "${question.moment}" is not m:ss` };
  const parsed = QuizQuestionDraftSchema.safeParse({
    kind: question.kind,
    prompt: oneLine(question.prompt),
    ...(question.kind === 'choice' ? { options: question.options.map(oneLine) } : {}),
    answer:
      (question.kind === 'choice' && chosenOption(question.options, question.answer)) ||
      oneLine(question.answer),
    explanation: oneLine(question.explanation),
    moment: { start },
  });
  if (!parsed.success) return { problem: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { draft: parsed.data };
}
