import { BadRequestException } from '@nestjs/common';
import {
  DEFAULT_SUMMARY_LENGTH,
  FEATURE_TYPES,
  GenerateRequestSchema,
  SUMMARY_LENGTHS,
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

/** The value sent, echoed in the message when it is short and simple; a blob of any size is not repeated. */
function quoted(value: unknown): string {
  const json = JSON.stringify(value);
  return (typeof value === 'string' || typeof value === 'number') && json.length <= 40 ? ` ${json}` : '';
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * Reads `POST /api/ai/generate`'s body with the contract's schema, naming the accepted values when a type or a
 * length is unknown. A length sent with another feature than a summary is ignored.
 */
export function parseGenerateRequest(body: unknown): GenerateCommand {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof raw.videoId !== 'string' || raw.videoId.trim() === '') {
    throw new BadRequestException('A videoId is required.');
  }
  if (raw.type === undefined || raw.type === null) {
    throw new BadRequestException(`A type is required: one of ${FEATURE_TYPES.join(', ')}.`);
  }
  if (!isOneOf(FEATURE_TYPES, raw.type)) {
    throw new BadRequestException(
      `Unknown AI feature${quoted(raw.type)}. Choose one of: ${FEATURE_TYPES.join(', ')}.`,
    );
  }
  if (
    raw.summaryLength !== undefined &&
    raw.summaryLength !== null &&
    !isOneOf(SUMMARY_LENGTHS, raw.summaryLength)
  ) {
    throw new BadRequestException(
      `Unknown summary length${quoted(raw.summaryLength)}. Choose micro, short or detailed.`,
    );
  }
  if (raw.regenerate !== undefined && typeof raw.regenerate !== 'boolean') {
    throw new BadRequestException('The regenerate field must be true or false.');
  }
  const parsed = parseWith(GenerateRequestSchema, { ...raw, summaryLength: raw.summaryLength ?? undefined });
  return {
    videoId: parsed.videoId,
    feature: parsed.type,
    summaryLength: parsed.type === 'summary' ? (parsed.summaryLength ?? DEFAULT_SUMMARY_LENGTH) : null,
    regenerate: parsed.regenerate,
  };
}
