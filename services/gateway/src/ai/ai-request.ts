import {
  DEFAULT_SUMMARY_LENGTH,
  GenerateRequestSchema,
  type FeatureType,
  type SummaryLength,
} from '@lectern/contracts';
import { parseWith } from '../http/zod';

export interface GenerateCommand {
  videoId: string;
  feature: FeatureType;
  /** The summary's length (short when not given); null for every other feature. */
  summaryLength: SummaryLength | null;
  regenerate: boolean;
}

/** Reads `POST /api/ai/generate`'s body with the contract's schema; a summary gets its default length. */
export function parseGenerateRequest(body: unknown): GenerateCommand {
  const parsed = parseWith(GenerateRequestSchema, body);
  return {
    videoId: parsed.videoId,
    feature: parsed.type,
    summaryLength: parsed.type === 'summary' ? (parsed.summaryLength ?? DEFAULT_SUMMARY_LENGTH) : null,
    regenerate: parsed.regenerate,
  };
}
