import {
  isRecordId,
  FeatureTypeSchema,
  HighlightColorSchema,
  SummaryLengthSchema,
  type Chapter,
  type TranscriptSegment,
} from '@lectern/contracts';
import {
  createPool,
  findCourse,
  findCourseLectures,
  findHighlightsForExport,
  findNewestAiContentOfVideo,
  findVideoForExport,
  type StoreOptions,
} from '@lectern/db';
import type { Pool } from 'pg';
import type { CourseExportDocument, CourseLecture, ExportDocument } from './render';

/**
 * Reads what an export shows straight from PostgreSQL (the tables belong to @lectern/db's migrations): the
 * video with its cached transcript, its highlights, notes and the newest AI content of each kind.
 */
export class ExportStore {
  private readonly pool: Pool;

  constructor(options: StoreOptions) {
    this.pool = createPool(options.databaseUrl, { max: options.maxConnections });
  }

  /** The video as an export document, or null when it does not exist or is not this user's. */
  async load(videoId: string, userId: string, exportedAt = new Date()): Promise<ExportDocument | null> {
    if (!isRecordId(videoId) || !isRecordId(userId)) return null;
    const row = await findVideoForExport(this.pool, userId, videoId);
    if (!row) return null;
    const [highlights, aiContent] = await Promise.all([
      findHighlightsForExport(this.pool, videoId),
      findNewestAiContentOfVideo(this.pool, videoId),
    ]);
    return {
      title: row.title,
      channelName: row.channel_name,
      youtubeId: row.youtube_id,
      transcribedBy:
        row.transcribed_by_model === null
          ? null
          : { method: 'speech-recognition', model: row.transcribed_by_model },
      duration: row.duration,
      language: row.caption_language,
      exportedAt,
      segments: JSON.parse(row.segments_json) as TranscriptSegment[],
      chapters: JSON.parse(row.chapters_json) as Chapter[],
      highlights: highlights.flatMap((h) => {
        const color = HighlightColorSchema.safeParse(h.color);
        return color.success
          ? [{ text: h.text, startIndex: h.start_index, endIndex: h.end_index, color: color.data }]
          : [];
      }),
      notes: row.notes,
      // Kinds this worker does not know yet (a newer AI worker's) are left out rather than shown unlabelled.
      aiContent: aiContent.flatMap((item) => {
        const featureType = FeatureTypeSchema.safeParse(item.feature_type);
        if (!featureType.success) return [];
        const length = SummaryLengthSchema.safeParse(item.summary_length);
        return [
          {
            featureType: featureType.data,
            summaryLength: length.success ? length.data : null,
            outputText: item.output_text,
            engine: item.engine,
          },
        ];
      }),
    };
  }

  /**
   * The course with its ready lectures in the course's order, each numbered as the course shows it (lectures
   * still on their way into the library are left out), or null when the course is not this user's.
   */
  async loadCourse(
    courseId: string,
    userId: string,
    exportedAt = new Date(),
  ): Promise<CourseExportDocument | null> {
    if (!isRecordId(courseId) || !isRecordId(userId)) return null;
    const course = await findCourse(this.pool, userId, courseId);
    if (!course) return null;
    const lectures: CourseLecture[] = [];
    // One lecture at a time: a course's transcripts together can be large, and each is read once.
    for (const [index, lecture] of (await findCourseLectures(this.pool, courseId)).entries()) {
      if (lecture.video_id === null) continue;
      const doc = await this.load(lecture.video_id, userId, exportedAt);
      if (doc) lectures.push({ number: index + 1, doc });
    }
    return { courseId, title: course.title, exportedAt, lectures };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
