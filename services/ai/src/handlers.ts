import { DEFAULT_SUMMARY_LENGTH, type QueueName } from '@lectern/contracts';
import type { JobHandlers } from '@lectern/queue-runtime';
import type { AiEngine } from './engines';
import type { TranscriptSource } from './ai-store';

export interface AiDependencies {
  engine: AiEngine;
  transcripts: TranscriptSource;
}

export function createAiHandlers(deps: AiDependencies): JobHandlers<typeof QueueName.Ai> {
  return {
    generate: async ({ transcriptId, feature, summaryLength, title }, { logger, signal }) => {
      const segments = await deps.transcripts.segments(transcriptId);
      const started = Date.now();
      const result = await deps.engine.generate(
        { feature, summaryLength: summaryLength ?? DEFAULT_SUMMARY_LENGTH, title, segments },
        signal,
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
    },
  };
}
