import { DEFAULT_SUMMARY_LENGTH, type QueueName } from '@lectern/contracts';
import type { JobDeltaStreams, JobHandlers } from '@lectern/queue-runtime';
import type { AiEngine } from './engines';
import type { TranscriptSource } from './ai-store';

export interface AiDependencies {
  engine: AiEngine;
  transcripts: TranscriptSource;
  /** Where a job's text goes as it is written, for a client that asked for the event stream. */
  deltas?: JobDeltaStreams;
}

export function createAiHandlers(deps: AiDependencies): JobHandlers<typeof QueueName.Ai> {
  return {
    generate: async ({ transcriptId, feature, summaryLength, title }, { job, logger, signal }) => {
      const segments = await deps.transcripts.segments(transcriptId);
      const started = Date.now();
      const publisher = await deps.deltas?.publisherFor(job, (error) =>
        logger.warn({ err: error }, 'a piece of streamed text could not be relayed'),
      );
      try {
        const result = await deps.engine.generate(
          { feature, summaryLength: summaryLength ?? DEFAULT_SUMMARY_LENGTH, title, segments },
          signal,
          publisher?.publish,
        );
        logger.debug(
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
      } finally {
        // Every piece is in Redis before the job completes, so the stream's `done` comes after its last delta.
        await publisher?.flush();
      }
    },
  };
}
