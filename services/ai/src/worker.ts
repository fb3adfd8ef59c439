import {
  DEFAULT_SUMMARY_LENGTH,
  withLongWordsCut,
  type FeatureType,
  type TranscriptSegment,
  QueueName,
} from '@lectern/contracts';
import {
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
import { TranscriptIndexCache } from './engines/ask/transcript-index-cache';
import type { AiEngine } from './engines/engine';
import { heldUntilCited } from './engines/ask/held-until-cited';
import { guardStream, guardText, transcriptRules, type Dropped } from './engines/moments';
import { type TranscriptSource, AiStore } from './ai-store';
import { hostname } from 'node:os';
import { forgetAiEngineStatus, recordAiEngineStatus, recordDroppedCitations } from '@lectern/handovers';
import { createEngineSelector } from './engines/create-engine';
import type { EngineSelectorOptions, EngineStatus } from './engines/engine-selector';
import { type AiEnv, AiEnvSchema } from './env';

export interface AiDependencies {
  engine: AiEngine;
  transcripts: TranscriptSource;
  /** Question answering's per-transcript indexes, kept across jobs. */
  indexes: TranscriptIndexCache;
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
    { moments, links }: Dropped,
    logger: JobContext['logger'],
  ) => {
    if (moments.length === 0 && links.length === 0) return;
    logger.warn(
      { engine: deps.engine.name, model: deps.engine.model, feature, moments, links },
      'the model cited moments it was not sent or wrote links not in the transcript; they were removed',
    );
    await deps.citationsDropped?.(feature, moments.length);
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
      const index = await deps.indexes.indexFor(transcriptId, async () => {
        const [segments, language] = await Promise.all([
          deps.transcripts.segments(transcriptId),
          deps.transcripts.language(transcriptId),
        ]);
        return { segments: readableSegments(segments), language };
      });
      // Whatever the engine, an answer keeps only moments of the transcript (shown as their line's start) and
      // links it has: the offline engine quotes captions, which may themselves hold made-up moments or links.
      const rules = transcriptRules(index.segments, undefined, { asLineStart: true });
      const { dropped: engineDropped, ...answered } = await withJobDeltas(
        deps.deltas,
        context,
        async (publish) => {
          // Nothing is shown before the answer cites a moment: one left uncited is stored as the decline.
          const held = publish && heldUntilCited(rules, publish);
          const stream = held && guardStream(held.rules, held.publish);
          const written = await deps.engine.ask({ question, index }, context.signal, stream?.write);
          stream?.end();
          return written;
        },
      );
      const guarded = guardText(rules, answered.answer);
      const result = { ...answered, answer: guarded.text };
      await reportDropped(
        'ask',
        {
          moments: [...(engineDropped?.moments ?? []), ...guarded.dropped.moments],
          links: [...(engineDropped?.links ?? []), ...guarded.dropped.links],
        },
        context.logger,
      );
      context.logger.debug(
        { citations: result.citations.length, engine: result.engine, ms: Date.now() - started },
        'question answered',
      );
      return { ...result, transcriptId, question };
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
