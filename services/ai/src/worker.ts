import { hostname } from 'node:os';
import {
  COURSE_NOT_COVERED_ANSWER,
  DEFAULT_SUMMARY_LENGTH,
  withLongWordsCut,
  type FeatureType,
  type TranscriptSegment,
  QueueName,
} from '@lectern/contracts';
import {
  createPool,
  findTranscriptLanguage,
  findTranscriptSegmentsJson,
  type StoreOptions,
} from '@lectern/db';
import { forgetAiEngineStatus, recordAiEngineStatus, recordDroppedCitations } from '@lectern/handovers';
import { OfflineEngine, type AiEngine, type TranscriptIndex } from '@lectern/offline-engine';
import {
  PermanentJobError,
  withJobDeltas,
  type JobContext,
  type JobHandlers,
  createRedis,
  JobDeltaStreams,
  type Logger,
  quitRedis,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { IndexCache, TranscriptIndexCache } from './engines/ask/transcript-index-cache';
import { CourseIndex } from './engines/ask/course-index';
import { heldUntilCited } from './engines/ask/held-until-cited';
import { guardStream, guardText, transcriptRules, type Dropped, type OutputRules } from './engines/moments';
import { DEFAULT_OPENAI_MODEL, type AiEngineEnv } from './engines/engine-config';
import { EngineSelector, type EngineSelectorOptions, type EngineStatus } from './engines/engine-selector';
import { LOCAL_SERVER_API_KEY, LOCAL_SERVER_CANDIDATES } from './engines/local-server';
import { OpenAiEngine } from './engines/openai-engine';
import type { Pool } from 'pg';
import { type AiEnv, AiEnvSchema } from './env';

/** Where a generation job's transcript comes from. */
export interface TranscriptSource {
  segments(transcriptId: string): Promise<TranscriptSegment[]>;
  /** The transcript's language code ('und' or null when unknown): questions are read in it. */
  language(transcriptId: string): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The ai worker's view of PostgreSQL: it only reads the shared transcript cache (the table belongs to
 * @lectern/db's migrations). Jobs carry a transcript's id, never its ten hours of text.
 */
export class AiStore implements TranscriptSource {
  private readonly pool: Pool;

  constructor(options: StoreOptions) {
    this.pool = createPool(options.databaseUrl, { max: options.maxConnections });
  }

  async segments(transcriptId: string): Promise<TranscriptSegment[]> {
    const json = await findTranscriptSegmentsJson(this.pool, transcriptId);
    if (json === null)
      throw new PermanentJobError(404, 'The transcript of this video is no longer available.');
    return JSON.parse(json) as TranscriptSegment[];
  }

  language(transcriptId: string): Promise<string | null> {
    return findTranscriptLanguage(this.pool, transcriptId);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** The OpenAI-compatible engine when an API key is configured, else the built-in offline engine. */
export function createEngine(env: AiEngineEnv): AiEngine {
  const apiKey = env.OPENAI_API_KEY?.trim() ?? '';
  if (apiKey === '') return new OfflineEngine();
  return openAiEngine(env, apiKey, env.OPENAI_BASE_URL, env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL);
}

/**
 * What picks each job's engine: the configured one with an API key; without, a model server on this machine
 * (Ollama, LM Studio, a llama.cpp server, or OPENAI_BASE_URL alone when set) unless AI_LOCAL_MODEL is `off`,
 * else the offline engine.
 */
export function createEngineSelector(
  env: AiEngineEnv,
  logger: EngineSelectorOptions['logger'],
  tuning: Partial<
    Pick<EngineSelectorOptions, 'candidates' | 'probeTimeoutMs' | 'recheckMs' | 'onChange'>
  > = {},
): EngineSelector {
  const configured = createEngine(env);
  return new EngineSelector({
    configured:
      configured.name === 'offline' ? undefined : { engine: configured, baseURL: env.OPENAI_BASE_URL },
    offline: configured.name === 'offline' ? configured : new OfflineEngine(),
    candidates: localServerCandidates(env),
    wantedModel: env.OPENAI_MODEL,
    makeEngine: ({ baseURL, model }) => openAiEngine(env, LOCAL_SERVER_API_KEY, baseURL, model),
    logger,
    ...tuning,
  });
}

function localServerCandidates(env: AiEngineEnv): readonly string[] {
  if (env.AI_LOCAL_MODEL === 'off') return [];
  return env.OPENAI_BASE_URL ? [env.OPENAI_BASE_URL] : LOCAL_SERVER_CANDIDATES;
}

function openAiEngine(
  env: AiEngineEnv,
  apiKey: string,
  baseURL: string | undefined,
  model: string,
): AiEngine {
  return new OpenAiEngine({
    apiKey,
    baseURL,
    model,
    tokenBudget: env.AI_TOKEN_BUDGET,
    timeoutMs: env.AI_TIMEOUT_MS,
  });
}

export interface AiDependencies {
  engine: AiEngine;
  transcripts: TranscriptSource;
  /** Question answering's per-transcript indexes, kept across jobs. */
  indexes: TranscriptIndexCache;
  /** Asking a course's one index over all its lectures, kept across jobs (a fresh cache when not given). */
  courseIndexes?: IndexCache<CourseIndex>;
  /** Where a job's text goes as it is written, for a client that asked for the event stream. */
  deltas?: JobDeltaStreams;
  /** Counts the moments a model cited that it was never sent (removed before anyone saw them), per feature. */
  citationsDropped?: (feature: FeatureType | 'ask', count: number) => Promise<void>;
}

/**
 * A transcript's segments as every engine reads them: a caption word longer than any spoken one is cut into
 * pieces, so no stemmer, tagger or prompt ever holds a word of thousands of letters, whenever the transcript was
 * stored (the transcripts worker cuts them too, as it stores new ones).
 */
function readableSegments(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return segments.map((segment) => ({ ...segment, text: withLongWordsCut(segment.text) }));
}

export function createAiHandlers(deps: AiDependencies): JobHandlers<typeof QueueName.Ai> {
  const reportDropped = async (
    feature: FeatureType | 'ask',
    { moments, links, questions = [] }: Dropped,
    logger: JobContext['logger'],
  ) => {
    if (moments.length > 0 || links.length > 0)
      logger.warn(
        { engine: deps.engine.name, model: deps.engine.model, feature, moments, links },
        'the model cited moments it was not sent or wrote links not in the transcript; they were removed',
      );
    if (questions.length > 0)
      logger.warn(
        { engine: deps.engine.name, model: deps.engine.model, feature, questions },
        'the model wrote quiz questions breaking a rule of a fair question; they were removed',
      );
    if (moments.length === 0 && links.length === 0) return;
    await deps.citationsDropped?.(feature, moments.length);
  };

  const courseIndexes = deps.courseIndexes ?? new IndexCache<CourseIndex>();

  const loadTranscript = async (transcriptId: string) => {
    const [segments, language] = await Promise.all([
      deps.transcripts.segments(transcriptId),
      deps.transcripts.language(transcriptId),
    ]);
    return { segments: readableSegments(segments), language };
  };

  /**
   * The engine's answer from an index, by the rules the answer is judged by (streamed as it is written, nothing
   * shown before it cites a moment it may keep), and what the engine and the guard removed reported.
   */
  const answerFrom = async (
    index: TranscriptIndex,
    rules: OutputRules,
    question: string,
    context: JobContext,
    subject: 'video' | 'course' = 'video',
  ) => {
    const { dropped: engineDropped, ...answered } = await withJobDeltas(
      deps.deltas,
      context,
      async (publish) => {
        // Nothing is shown before the answer cites a moment: one left uncited is stored as the decline.
        const held = publish && heldUntilCited(rules, publish);
        const stream = held && guardStream(held.rules, held.publish);
        const written = await deps.engine.ask({ question, index, subject }, context.signal, stream?.write);
        stream?.end();
        return written;
      },
    );
    const guarded = guardText(rules, answered.answer);
    await reportDropped(
      'ask',
      {
        moments: [...(engineDropped?.moments ?? []), ...guarded.dropped.moments],
        links: [...(engineDropped?.links ?? []), ...guarded.dropped.links],
      },
      context.logger,
    );
    return { ...answered, answer: guarded.text };
  };

  return {
    generate: async ({ transcriptId, feature, summaryLength, title }, context) => {
      const segments = readableSegments(await deps.transcripts.segments(transcriptId));
      const started = Date.now();
      // Every engine's text, streamed and stored, keeps only moments of the transcript and links it has.
      const rules = transcriptRules(segments);
      const result = await withJobDeltas(deps.deltas, context, async (publish) => {
        const stream = publish && guardStream(rules, publish);
        const written = await deps.engine.generate(
          { feature, summaryLength: summaryLength ?? DEFAULT_SUMMARY_LENGTH, title, segments },
          context.signal,
          stream?.write,
        );
        stream?.end();
        return written;
      });
      const { dropped: droppedByEngine, ...written } = result;
      const { text: outputText, dropped } = guardText(rules, written.outputText);
      await reportDropped(
        feature,
        {
          moments: [...(droppedByEngine?.moments ?? []), ...dropped.moments],
          links: [...(droppedByEngine?.links ?? []), ...dropped.links],
          questions: droppedByEngine?.questions ?? [],
        },
        context.logger,
      );
      context.logger.debug(
        {
          feature,
          summaryLength,
          segments: segments.length,
          engine: written.engine,
          ms: Date.now() - started,
        },
        'content written',
      );
      return { ...written, outputText, transcriptId, feature, summaryLength };
    },
    ask: async ({ transcriptId, question }, context) => {
      const started = Date.now();
      const index = await deps.indexes.indexFor(transcriptId, () => loadTranscript(transcriptId));
      // Whatever the engine, an answer keeps only moments of the transcript (shown as their line's start) and
      // links it has: the offline engine quotes captions, which may themselves hold made-up moments or links.
      const rules = transcriptRules(index.segments, undefined, { asLineStart: true });
      const result = await answerFrom(index, rules, question, context);
      context.logger.debug(
        { citations: result.citations.length, engine: result.engine, ms: Date.now() - started },
        'question answered',
      );
      return { ...result, transcriptId, question };
    },
    askCourse: async ({ lectures, question }, context) => {
      const started = Date.now();
      const key = lectures
        .map((lecture) => `${lecture.number}:${lecture.videoId}:${lecture.transcriptId}`)
        .join(',');
      const course = await courseIndexes.get(key, async () => {
        const loaded = await Promise.all(
          lectures.map(async ({ number, videoId, transcriptId }) => ({
            number,
            videoId,
            ...(await loadTranscript(transcriptId)),
          })),
        );
        return new CourseIndex(loaded);
      });
      // As for a video, each cited moment must be of a line of the course; it is shown as its lecture's moment.
      const lineRules = transcriptRules(course.index.segments, undefined, { asLineStart: true });
      const rules = {
        ...lineRules,
        keep: (moment: string) => {
          const segment = lineRules.moments.segmentAt(moment);
          return segment === null ? null : course.labelOf(segment);
        },
      };
      const answered = await answerFrom(course.index, rules, question, context, 'course');
      const result =
        answered.citations.length === 0
          ? { ...answered, answer: COURSE_NOT_COVERED_ANSWER, citations: [] }
          : { ...answered, citations: answered.citations.map((cited) => course.lectureCitation(cited)) };
      context.logger.debug(
        {
          lectures: lectures.length,
          citations: result.citations.length,
          engine: result.engine,
          ms: Date.now() - started,
        },
        'course question answered',
      );
      return {
        ...result,
        transcriptIds: lectures.map((lecture) => lecture.transcriptId).join(','),
        question,
      };
    },
    generateCourse: async ({ courseId, type, courseTitle, lectures }, context) => {
      const started = Date.now();
      // The engine keeps only moments of each lecture's own outline (see AiEngine.reduceCourse).
      const { dropped, ...written } = await deps.engine.reduceCourse(
        { type, courseTitle, lectures },
        context.signal,
      );
      if (dropped) await reportDropped(type, dropped, context.logger);
      context.logger.debug(
        { type, lectures: lectures.length, engine: written.engine, ms: Date.now() - started },
        'course content written',
      );
      return { ...written, courseId, videoIds: lectures.map((lecture) => lecture.videoId).join(',') };
    },
  };
}

// The admin view of readiness shows what each worker writes with; refreshed well within its expiry.
const STATUS_REFRESH_MS = 20_000;

/**
 * The ai worker's resources: what picks each job's engine, the transcript cache it reads, and the Redis
 * connection its jobs' streamed text, dropped-citation counts and engine status go through.
 */
export function createAiRuntime(
  env: AiEnv,
  logger: Logger,
  tuning: Partial<Pick<EngineSelectorOptions, 'candidates' | 'probeTimeoutMs' | 'recheckMs'>> = {},
): Promise<WorkerRuntime<typeof QueueName.Ai>> {
  const transcripts = new AiStore({ databaseUrl: env.DATABASE_URL, maxConnections: env.AI_CONCURRENCY + 1 });
  // A piece of streamed text is worth little once late: fail a write during an outage instead of queueing it.
  const redis = createRedis(env, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const instance = `${hostname()}:${process.pid}`;
  let since = new Date().toISOString();
  const record = (status: EngineStatus) =>
    recordAiEngineStatus(redis, env.REDIS_PREFIX, { ...status, instance, since });
  // Job failures tell users only "the AI provider": the operator's log says which server it is.
  const engine = createEngineSelector(env, logger, {
    ...tuning,
    onChange: (status) => {
      since = new Date().toISOString();
      void record(status);
    },
  });
  engine.start();
  const refresh = setInterval(() => void record(engine.status()), STATUS_REFRESH_MS);
  refresh.unref();
  return Promise.resolve({
    handlers: createAiHandlers({
      engine,
      transcripts,
      indexes: new TranscriptIndexCache(),
      courseIndexes: new IndexCache<CourseIndex>(),
      deltas: new JobDeltaStreams(redis, env.REDIS_PREFIX),
      // Counted in Redis, where the gateway's /metrics reads them.
      citationsDropped: (feature, count) => recordDroppedCitations(redis, env.REDIS_PREFIX, feature, count),
    }),
    close: async () => {
      engine.stop();
      clearInterval(refresh);
      await forgetAiEngineStatus(redis, env.REDIS_PREFIX, instance);
      await transcripts.close();
      await quitRedis(redis);
    },
  });
}

/** The ai worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const aiWorker: WorkerService<typeof QueueName.Ai, typeof AiEnvSchema> = {
  queue: QueueName.Ai,
  envSchema: AiEnvSchema,
  concurrency: (env) => env.AI_CONCURRENCY,
  setup: createAiRuntime,
};

if (require.main === module) void runWorkerProcess(aiWorker);
