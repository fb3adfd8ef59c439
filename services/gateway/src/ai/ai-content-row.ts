import type { AiContentItem, FeatureType, SummaryLength } from '@lectern/contracts';

/** An `ai_content` row as PostgreSQL returns it, and its API shape. */
export interface AiContentRow {
  id: string;
  video_id: string;
  feature_type: FeatureType;
  summary_length: SummaryLength | null;
  output_text: string;
  engine: string;
  model: string;
  created_at: Date;
}

export const AI_CONTENT_COLUMNS =
  'id, video_id, feature_type, summary_length, output_text, engine, model, created_at';

export function toAiContentItem(row: AiContentRow): AiContentItem {
  return {
    id: row.id,
    videoId: row.video_id,
    featureType: row.feature_type,
    summaryLength: row.summary_length,
    outputText: row.output_text,
    engine: row.engine,
    model: row.model,
    createdAt: row.created_at.toISOString(),
  };
}
