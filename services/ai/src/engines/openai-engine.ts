import { PermanentJobError, TransientJobError } from '@lectern/queue-runtime';
import OpenAI, { APIError, type ClientOptions } from 'openai';
import {
  NOT_COVERED_ANSWER,
  QUIZ_ANSWER_SCHEMA_NAME,
  quizAnswerJsonSchema,
  QUIZ_RULES,
  writeQuiz,
  type QuizQuestionDraft,
  type TranscriptSegment,
} from '@lectern/contracts';
import { TWEET_MAX_CHARS, truncateAtWord } from '@lectern/offline-engine';
import { answerContext } from './ask/answer-context';
import { askSystemPrompt, askUserPrompt } from './ask/ask-prompts';
import { answerRules, citedAnswer } from './ask/cited-answer';
import type {
  AiEngine,
  AnswerRequest,
  AnswerResult,
  CourseReduceRequest,
  CourseReduceResult,
  GenerationRequest,
  GenerationResult,
} from '@lectern/offline-engine';
import { courseSystemPrompt, courseUserPrompt } from './course/course-prompts';
import { readCourseAnswer } from './course/course-reduction';
import {
  CONDENSE_SYSTEM_PROMPT,
  MAP_SYSTEM_PROMPT,
  condenseUserPrompt,
  directUserPrompt,
  featureSystemPrompt,
  mapUserPrompt,
  quizJsonPrompt,
  reduceUserPrompt,
} from './feature-prompts';
import {
  brokenQuestionLabel,
  questionsAtSentMoments,
  questionsKeepingRules,
  quizRulesReminder,
  readQuizAnswer,
  type BrokenQuestion,
} from './quiz-answer';
import { guardStream, guardText, linksIn, type Dropped } from './moments';
import {
  ProviderDeadlineError,
  ProviderStreamBrokenError,
  providerLabel,
  toJobError,
} from './provider-errors';
import { chunkLines, estimateTokens, formatTranscriptLines } from './transcript-lines';

type Fetch = NonNullable<ClientOptions['fetch']>;

export interface OpenAiEngineOptions {
  apiKey: string;
  /** Any OpenAI-compatible server; OpenAI's own when absent. */
  baseURL?: string | undefined;
  model: string;
  /** Estimated input tokens one request may carry. */
  tokenBudget: number;
  /** Deadline of one provider request, its retries included. */
  timeoutMs: number;
  /** Retries of one request on 429, 5xx and connection failures (the SDK's backoff, honouring retry-after). */
  maxRetries?: number;
  /** A provider asking us to wait longer than this is not retried in-process; the job's own retries take over. */
  maxRetryAfterMs?: number;
  /** Chunk (map) requests of a long transcript in flight at once. */
  mapConcurrency?: number;
  fetch?: Fetch;
}

const MAX_CONDENSE_ROUNDS = 4;
// Fewer questions than this left after the guard is no quiz worth a student's time: the model is asked once more.
// The prompt asks for six to ten; half of six.
export const MIN_QUIZ_QUESTIONS = 3;

// A quiz is asked for as JSON against the contract's schema (OpenAI's structured outputs, strict).
const QUIZ_RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: { name: QUIZ_ANSWER_SCHEMA_NAME, strict: true, schema: quizAnswerJsonSchema() },
} as const;
type ResponseFormat = typeof QUIZ_RESPONSE_FORMAT;

/** The server refused the JSON schema response format: it has no structured outputs. */
class ResponseFormatRejected extends Error {}

/** Writes every feature with an OpenAI-compatible Chat Completions API; long transcripts go through map-reduce. */
export class OpenAiEngine implements AiEngine {
  readonly name = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly provider: string;
  /** Set once the server refused structured outputs: quizzes are then asked for as JSON by the prompt alone. */
  private structuredOutputsRefused = false;

  constructor(private readonly options: OpenAiEngineOptions) {
    this.model = options.model;
    this.provider = providerLabel(options.baseURL);
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL ?? null,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? 2,
      fetch: retryPolicyFetch(options.maxRetryAfterMs ?? 60_000, options.fetch),
    });
  }

  async generate(
    request: GenerationRequest,
    signal?: AbortSignal,
    onDelta?: (text: string) => void,
  ): Promise<GenerationResult> {
    const { feature, summaryLength, title } = request;
    const lines = formatTranscriptLines(request.segments);
    if (lines.length === 0)
      throw new PermanentJobError(422, 'This video has no transcript text to work from.');

    const system = featureSystemPrompt(feature, summaryLength);
    const direct = directUserPrompt(title, feature, summaryLength, lines);
    let user = direct;
    if (estimateTokens(system) + estimateTokens(direct) > this.options.tokenBudget) {
      const notes = await this.notesOnParts(title, lines, signal);
      const condensed = await this.condense(
        notes,
        estimateTokens(system) + estimateTokens(reduceUserPrompt(title, feature, summaryLength, [])),
        signal,
      );
      user = reduceUserPrompt(title, feature, summaryLength, condensed);
    }
    if (feature === 'quiz') {
      // No half-written JSON is shown: the quiz streams as its Markdown once it is read and checked.
      const quiz = await this.quiz(system, user, request.segments, signal);
      onDelta?.(quiz.outputText);
      return { ...quiz, engine: this.name, model: this.model };
    }
    // Only the final request is what the user sees, so only it streams; map and condense notes do not.
    const answer = await this.complete(system, user, signal, onDelta);
    const outputText = feature === 'tweet' ? limitTweets(answer) : answer;
    return { outputText, engine: this.name, model: this.model };
  }

  /**
   * Retrieval first: the transcript index picks the windows that match the question (a few thousand tokens, however
   * long the video), the model answers from those alone, and only its citations of sent moments are kept.
   */
  async ask(
    request: AnswerRequest,
    signal?: AbortSignal,
    onDelta?: (text: string) => void,
  ): Promise<AnswerResult> {
    const { index, question } = request;
    if (!index.segments.some((segment) => segment.text !== ''))
      throw new PermanentJobError(422, 'This video has no transcript text to work from.');
    const context = answerContext(index, question);
    if (context === null) {
      onDelta?.(NOT_COVERED_ANSWER);
      return { answer: NOT_COVERED_ANSWER, citations: [], engine: this.name, model: this.model };
    }
    // Streamed, each citation is judged as it completes, by the same rule as the final answer's.
    const rules = answerRules(index, context);
    const filter = onDelta && guardStream(rules, onDelta);
    const raw = await this.complete(
      askSystemPrompt(request.subject),
      askUserPrompt(question, context.text),
      signal,
      filter?.write,
    );
    filter?.end();
    const { dropped, ...cited } = citedAnswer(raw, index, context, rules);
    return { ...cited, engine: this.name, model: this.model, dropped };
  }

  /**
   * One request over every lecture's outline or summary. The answer is read and checked (readCourseAnswer): one
   * that leaves a lecture out is asked for once more, told which; a second such answer fails the job (502).
   */
  async reduceCourse(request: CourseReduceRequest, signal?: AbortSignal): Promise<CourseReduceResult> {
    const { type, courseTitle, lectures } = request;
    const system = courseSystemPrompt(type);
    const user = courseUserPrompt(courseTitle, type, lectures, this.options.tokenBudget);
    let problem = '';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const reminder =
        problem === '' ? '' : `\n\nAn earlier answer could not be used: ${problem}. Keep every lecture.`;
      // Links the lectures' material does not have are removed, as from any generation; moments are judged per
      // lecture as the answer is read.
      const guarded = guardText(
        {
          keep: (moment) => moment,
          knownLink: linksIn(() => lectures.map((lecture) => lecture.text).join('\n')),
        },
        await this.complete(system, `${user}${reminder}`, signal),
      );
      const read = readCourseAnswer(type, lectures, guarded.text);
      if ('reduction' in read) {
        const dropped = { moments: read.dropped.moments, links: guarded.dropped.links };
        return { ...read.reduction, engine: this.name, model: this.model, dropped };
      }
      problem = read.problem;
    }
    throw new PermanentJobError(
      502,
      `The AI provider (${this.provider}) twice wrote a course ${type} Lectern could not use: ${problem}. Try again, or choose another model.`,
    );
  }

  /**
   * The quiz as stored Markdown: asked for as JSON, read against the contract's schema and asked once more when it
   * does not hold. Its questions citing a moment of no line are dropped, as the output guard drops such moments, and
   * so are those breaking a rule of a fair question (quiz-rules in the contracts); when fewer than
   * MIN_QUIZ_QUESTIONS are left, the model is asked once more, told which rules failed, and the better answer kept.
   */
  private async quiz(
    system: string,
    user: string,
    segments: readonly TranscriptSegment[],
    signal?: AbortSignal,
  ): Promise<{ outputText: string; dropped: Dropped }> {
    let problem = '';
    let reminder = '';
    let best: { questions: QuizQuestionDraft[]; dropped: Dropped } | null = null;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const read = readQuizAnswer(await this.jsonCompletion(system, `${user}${reminder}`, signal));
      if ('problem' in read) {
        problem = read.problem;
        continue;
      }
      const atMoments = questionsAtSentMoments(read.questions, segments);
      const { questions, broken } = questionsKeepingRules(atMoments.questions, segments);
      const dropped = { ...atMoments.dropped, questions: broken.map(brokenQuestionLabel) };
      if (best === null || questions.length > best.questions.length) best = { questions, dropped };
      if (questions.length >= MIN_QUIZ_QUESTIONS) break;
      problem = fewQuestionsProblem(questions.length, atMoments.dropped.moments.length, broken);
      reminder = quizRulesReminder(broken);
    }
    if (best === null || best.questions.length === 0) {
      throw new PermanentJobError(
        502,
        `The AI provider (${this.provider}) twice wrote a quiz Lectern could not use: ${problem}. Try again, or choose another model.`,
      );
    }
    return { outputText: writeQuiz(best.questions), dropped: best.dropped };
  }

  // Structured output where the server has it; else the same request with the schema in the prompt.
  private async jsonCompletion(system: string, user: string, signal?: AbortSignal): Promise<string> {
    if (!this.structuredOutputsRefused) {
      try {
        return await this.complete(system, user, signal, undefined, QUIZ_RESPONSE_FORMAT);
      } catch (error) {
        if (!(error instanceof ResponseFormatRejected)) throw error;
        this.structuredOutputsRefused = true;
      }
    }
    return this.complete(`${system}\n${quizJsonPrompt(quizAnswerJsonSchema())}`, user, signal);
  }

  // Map: notes on each chunk of the transcript, each chunk keeping its own [m:ss] lines.
  private async notesOnParts(title: string | null, lines: string[], signal?: AbortSignal): Promise<string[]> {
    const overhead = estimateTokens(MAP_SYSTEM_PROMPT) + estimateTokens(mapUserPrompt(title, 9999, 9999, []));
    const chunks = chunkLines(lines, Math.max(200, this.options.tokenBudget - overhead));
    const answers = await mapWithConcurrency(chunks, this.options.mapConcurrency ?? 3, (chunk, index) =>
      this.complete(MAP_SYSTEM_PROMPT, mapUserPrompt(title, index + 1, chunks.length, chunk), signal),
    );
    return answers.flatMap(noteLines);
  }

  // Reduce until the notes fit the final request: merge consecutive notes in rounds, then, as a last resort,
  // keep an even sample of them.
  private async condense(notes: string[], finalOverhead: number, signal?: AbortSignal): Promise<string[]> {
    const budget = this.options.tokenBudget;
    const fits = (candidate: string[]) => finalOverhead + estimateTokens(candidate.join('\n')) <= budget;
    let current = notes;
    for (let round = 0; round < MAX_CONDENSE_ROUNDS && !fits(current); round += 1) {
      const overhead =
        estimateTokens(CONDENSE_SYSTEM_PROMPT) + estimateTokens(condenseUserPrompt(9999, 9999, []));
      const groups = chunkLines(current, Math.max(200, budget - overhead));
      const answers = await mapWithConcurrency(groups, this.options.mapConcurrency ?? 3, (group, index) =>
        this.complete(CONDENSE_SYSTEM_PROMPT, condenseUserPrompt(index + 1, groups.length, group), signal),
      );
      const next = answers.flatMap(noteLines);
      if (next.length >= current.length) break;
      current = next;
    }
    while (!fits(current) && current.length > 1) current = current.filter((_, index) => index % 2 === 0);
    return current;
  }

  private async complete(
    system: string,
    user: string,
    signal?: AbortSignal,
    onDelta?: (text: string) => void,
    responseFormat?: ResponseFormat,
  ): Promise<string> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const messages = [
      { role: 'system' as const, content: system },
      { role: 'user' as const, content: user },
    ];
    try {
      const { text, finishReason } = await raceAbort(
        onDelta
          ? this.streamedCompletion(messages, combined, onDelta)
          : this.client.chat.completions
              .create(
                {
                  model: this.model,
                  messages,
                  ...(responseFormat ? { response_format: responseFormat } : {}),
                },
                { signal: combined },
              )
              .then((completion) => ({
                text: completion.choices[0]?.message.content ?? '',
                finishReason: completion.choices[0]?.finish_reason ?? null,
              })),
        combined,
      );
      if (finishReason === 'content_filter') {
        throw new PermanentJobError(
          502,
          `The AI provider (${this.provider}) declined to write this content.`,
        );
      }
      const content = stripCodeFence(text);
      if (content === '')
        throw new TransientJobError(502, `The AI provider (${this.provider}) returned an empty answer.`);
      return content;
    } catch (error) {
      if (responseFormat && refusesResponseFormat(error)) throw new ResponseFormatRejected();
      if (deadline.aborted && !signal?.aborted)
        throw toJobError(new ProviderDeadlineError(), this.provider, this.options.apiKey);
      throw toJobError(error, this.provider, this.options.apiKey, this.options.baseURL);
    }
  }

  // The same request with `stream: true`: each piece of content goes to onDelta as it arrives, and the whole
  // text is gathered for the result.
  private async streamedCompletion(
    messages: Array<{ role: 'system' | 'user'; content: string }>,
    signal: AbortSignal,
    onDelta: (text: string) => void,
  ): Promise<{ text: string; finishReason: string | null }> {
    const stream = await this.client.chat.completions.create(
      { model: this.model, messages, stream: true },
      { signal },
    );
    let text = '';
    let finishReason: string | null = null;
    try {
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        const piece = choice?.delta?.content ?? '';
        if (piece !== '') {
          text += piece;
          onDelta(piece);
        }
        finishReason = choice?.finish_reason ?? finishReason;
      }
    } catch (error) {
      // An error event from the provider, or our own abort, is classified as usual; a dropped connection
      // surfaces as fetch's bare "terminated".
      if (error instanceof APIError || signal.aborted) throw error;
      throw new ProviderStreamBrokenError(error);
    }
    return { text, finishReason };
  }
}

/**
 * The SDK retries 408, 409, 429 and 5xx and obeys `x-should-retry`. Lectern retries only 429 and 5xx, and not
 * when the provider asks for a wait longer than `maxRetryAfterMs` (that is left to the job's back-off).
 */
function retryPolicyFetch(maxRetryAfterMs: number, baseFetch: Fetch = fetch): Fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    const retry = retryDecision(response.status, response.headers, maxRetryAfterMs);
    if (retry === undefined) return response;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', String(retry));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

function retryDecision(status: number, headers: Headers, maxRetryAfterMs: number): boolean | undefined {
  if (status < 400) return undefined;
  if (status !== 429 && status < 500) return false;
  const wait = retryAfterMs(headers);
  return wait !== null && wait > maxRetryAfterMs ? false : undefined;
}

export function retryAfterMs(headers: Headers): number | null {
  const millis = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis)) return millis;
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? date - Date.now() : null;
}

function raceAbort<T>(promise: PromiseLike<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

function noteLines(answer: string): string[] {
  return answer
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

// Why a quiz had too few questions left, as the 502 says it: how many were dropped and the rules they broke.
function fewQuestionsProblem(kept: number, atNoMoment: number, broken: readonly BrokenQuestion[]): string {
  const reasons = [
    ...(atNoMoment > 0 ? [`${atNoMoment} cited no moment of this video`] : []),
    ...(broken.length > 0
      ? [
          `${broken.length} broke these rules: ${[...new Set(broken.flatMap((question) => question.rules))]
            .map((rule) => QUIZ_RULES[rule])
            .join('; ')}`,
        ]
      : []),
  ];
  return `only ${kept} question(s) were fair (${reasons.join(', ')})`;
}

// A server without structured outputs answers 400 (or 422) naming the response format it does not take.
function refusesResponseFormat(error: unknown): boolean {
  return (
    error instanceof APIError &&
    (error.status === 400 || error.status === 422) &&
    /response_format|json_schema|structured/i.test(error.message)
  );
}

function stripCodeFence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```[a-z]*\n([\s\S]*?)\n```$/i.exec(trimmed);
  return (fenced?.[1] ?? trimmed).trim();
}

// Models overshoot length limits now and then; a thread must never carry a tweet over 280 characters.
export function limitTweets(markdown: string): string {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => truncateAtWord(block.trim(), TWEET_MAX_CHARS))
    .join('\n\n');
}
