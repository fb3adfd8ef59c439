import { DEFAULT_SUMMARY_LENGTH, type QueueName } from '@lectern/contracts';
import type { JobDeltaStreams, JobHandlers } from '@lectern/queue-runtime';
import type { AiEngine, TranscriptIndexCache } from './engines';
import type { TranscriptSource } from './ai-store';
import { withJobDeltas } from './job-deltas';

export interface AiDependencies {
  engine: AiEngine;
  transcripts: TranscriptSource;
  /** Question answering's per-transcript indexes, kept across jobs. */
  indexes: TranscriptIndexCache;
  /** Where a job's text goes as it is written, for a client that asked for the event stream. */
  deltas?: JobDeltaStreams;
}

export function createAiHandlers(deps: AiDependencies): JobHandlers<typeof QueueName.Ai> {
  return {
    generate: async ({ transcriptId, feature, summaryLength, title }, context) => {
      const segments = await deps.transcripts.segments(transcriptId);
      const started = Date.now();
      const result = await withJobDeltas(deps.deltas, context, (publish) =>
        deps.engine.generate(
          { feature, summaryLength: summaryLength ?? DEFAULT_SUMMARY_LENGTH, title, segments },
          context.signal,
          publish,
        ),
      );
      context.logger.debug(
        {
          feature,
          summaryLength,
          segments: segments.length,
          engine: result.engine,
          ms: Date.now() - started,
        },
        'content written',
      );
      return { ...result, transcriptId, feature, summaryLength };
    },
    ask: async ({ transcriptId, question }, context) => {
      const started = Date.now();
      const index = await deps.indexes.indexFor(transcriptId, async () => {
        const [segments, language] = await Promise.all([
          deps.transcripts.segments(transcriptId),
          deps.transcripts.language(transcriptId),
        ]);
        return { segments, language };
      });
      const result = await withJobDeltas(deps.deltas, context, (publish) =>
        deps.engine.ask({ question, index }, context.signal, publish),
      );
      context.logger.debug(
        { citations: result.citations.length, engine: result.engine, ms: Date.now() - started },
        'question answered',
      );
      return { ...result, transcriptId, question };
    },
  };
}
