import type { AiContentItem } from '@lectern/contracts';
import type { AiContentRow } from '@lectern/db';

/** An `ai_content` row in its API shape. */
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
