import {
  isRecordId,
  FeatureTypeSchema,
  HighlightColorSchema,
  SummaryLengthSchema,
  type TranscriptSegment,
} from '@lectern/contracts';
import { Pool } from 'pg';
import type { ExportDocument } from './render';

interface VideoRow {
  youtube_id: string;
  notes: string;
  title: string | null;
  channel_name: string | null;
  duration: number | null;
  segments_json: string;
}

interface HighlightRow {
  text: string;
  start_index: number;
  end_index: number;
  color: string;
}

interface AiContentRow {
  feature_type: string;
  summary_length: string | null;
  output_text: string;
}

/**
 * Reads what an export shows straight from PostgreSQL (the tables belong to the gateway's migrations): the
 * video with its cached transcript, its highlights, notes and the newest AI content of each kind.
 */
export class ExportStore {
  private readonly pool: Pool;

  constructor(databaseUrl: string) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 4 });
    this.pool.on('error', () => undefined);
  }

  /** The video as an export document, or null when it does not exist or is not this user's. */
  async load(videoId: string, userId: string, exportedAt = new Date()): Promise<ExportDocument | null> {
    if (!isRecordId(videoId) || !isRecordId(userId)) return null;
    const video = await this.pool.query<VideoRow>(
      `SELECT v.youtube_id, v.notes, t.title, t.channel_name, t.duration, t.segments_json
         FROM videos v JOIN transcripts t ON t.id = v.transcript_id
        WHERE v.id = $1 AND v.user_id = $2`,
      [videoId, userId],
    );
    const row = video.rows[0];
    if (!row) return null;
    const [highlights, aiContent] = await Promise.all([
      this.pool.query<HighlightRow>(
        `SELECT text, start_index, end_index, color FROM highlights
          WHERE video_id = $1 ORDER BY start_index, end_index, created_at`,
        [videoId],
      ),
      this.pool.query<AiContentRow>(
        `SELECT DISTINCT ON (feature_type, summary_length) feature_type, summary_length, output_text
           FROM ai_content WHERE video_id = $1
          ORDER BY feature_type, summary_length, created_at DESC, id DESC`,
        [videoId],
      ),
    ]);
    return {
      title: row.title,
      channelName: row.channel_name,
      youtubeId: row.youtube_id,
      duration: row.duration,
      exportedAt,
      segments: JSON.parse(row.segments_json) as TranscriptSegment[],
      highlights: highlights.rows.flatMap((h) => {
        const color = HighlightColorSchema.safeParse(h.color);
        return color.success
          ? [{ text: h.text, startIndex: h.start_index, endIndex: h.end_index, color: color.data }]
          : [];
      }),
      notes: row.notes,
      // Kinds this worker does not know yet (a newer AI worker's) are left out rather than shown unlabelled.
      aiContent: aiContent.rows.flatMap((item) => {
        const featureType = FeatureTypeSchema.safeParse(item.feature_type);
        if (!featureType.success) return [];
        const length = SummaryLengthSchema.safeParse(item.summary_length);
        return [
          {
            featureType: featureType.data,
            summaryLength: length.success ? length.data : null,
            outputText: item.output_text,
          },
        ];
      }),
    };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
