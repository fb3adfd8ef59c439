import { Injectable, NotFoundException } from '@nestjs/common';
import type { Highlight, VideoSummary } from '@lectern/contracts';
import {
  deleteVideo,
  findLibrary,
  findTranscriptAnswerBytes,
  findTranscriptAnswerSource,
  findVideoAnswerHead,
  findVideoSummary,
  findVideoTranscriptText,
  lockVideoForShare,
  saveVideoNotes,
  TRANSCRIPT_ANSWER_FORMAT,
  transcriptAnswerHead,
  transcriptAnswerPrefix,
  typeormDb,
  type Db,
} from '@lectern/db';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { contentHash, type AnswerEncoding } from '../http/revalidatable-json';
import { joinBrotli, joinGzip } from '../http/stream-join';
import { VIDEO_NOT_FOUND } from './video-id';
import { videoSummary } from './video-summary';

/** Memory for compressed transcript answers: 64 MB holds the Brotli bytes of a few hundred 10-hour videos. */
const STORED_ANSWER_CACHE_BYTES = 64 * 2 ** 20;

/** A video's answer: the hash its ETags are made of, and its bytes in each encoding. */
export interface VideoAnswer {
  hash: string;
  body(encoding: AnswerEncoding): Promise<Buffer[]>;
}

@Injectable()
export class VideosService {
  private readonly db: Db;
  private readonly storedAnswers = new LRUCache<string, Buffer>({
    maxSize: STORED_ANSWER_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
  });

  constructor(dataSource: DataSource) {
    this.db = typeormDb(dataSource.manager);
  }

  /** The library, newest first, without transcript bodies. */
  async list(userId: string): Promise<VideoSummary[]> {
    return (await findLibrary(this.db, userId)).map(videoSummary);
  }

  async summary(userId: string, videoId: string): Promise<VideoSummary> {
    const row = await findVideoSummary(this.db, userId, videoId);
    if (!row) throw new NotFoundException(VIDEO_NOT_FOUND);
    return videoSummary(row);
  }

  /**
   * The video's answer (`GET /api/videos/:id`), in two parts. First the transcript's part, which never changes
   * for a stored transcript: compressed once when the transcript was stored (transcript_answers) and sent
   * from those bytes. Then the video's own fields (id, createdAt, notes, highlights), last in the JSON, joined
   * to the stored stream on each request without compressing the transcript again (http/stream-join.ts).
   */
  async detailAnswer(userId: string, videoId: string): Promise<VideoAnswer> {
    const video = await findVideoAnswerHead(this.db, userId, videoId);
    if (!video) throw new NotFoundException(VIDEO_NOT_FOUND);
    const head =
      video.answer_format === TRANSCRIPT_ANSWER_FORMAT
        ? {
            transcript_id: video.transcript_id,
            format: video.answer_format,
            plain_bytes: Number(video.plain_bytes),
            plain_sha1: video.plain_sha1!,
            plain_crc32: Number(video.plain_crc32),
          }
        : await transcriptAnswerHead(this.db, video.transcript_id);
    if (!head) throw new NotFoundException(VIDEO_NOT_FOUND);
    const highlights = JSON.parse(video.highlights_json) as Highlight[];
    const suffix = Buffer.from(
      JSON.stringify({
        id: video.id,
        createdAt: video.created_at.toISOString(),
        notes: video.notes,
        highlights,
      }).slice(1),
    );
    const db = this.db;
    const storedBytes = (transcriptId: string, format: number, encoding: 'br' | 'gzip') =>
      this.storedAnswerBytes(transcriptId, format, encoding);
    return {
      hash: contentHash(head.plain_sha1, suffix),
      async body(encoding) {
        if (encoding === 'identity') {
          const source = await findTranscriptAnswerSource(db, head.transcript_id);
          if (!source) throw new NotFoundException(VIDEO_NOT_FOUND);
          return [Buffer.from(transcriptAnswerPrefix(source)), suffix];
        }
        const stored = await storedBytes(head.transcript_id, head.format, encoding);
        return encoding === 'br'
          ? joinBrotli(stored, suffix)
          : joinGzip({ deflate: stored, crc32: head.plain_crc32, length: head.plain_bytes }, suffix);
      },
    };
  }

  /**
   * A transcript's compressed answer prefix. Bytes stored for a transcript and format never change, so they are
   * kept in memory (up to STORED_ANSWER_CACHE_BYTES, least recently used first out): a request then reads only
   * the video's own fields from PostgreSQL.
   */
  private async storedAnswerBytes(
    transcriptId: string,
    format: number,
    encoding: 'br' | 'gzip',
  ): Promise<Buffer> {
    const key = `${transcriptId}:${format}:${encoding}`;
    const kept = this.storedAnswers.get(key);
    if (kept) return kept;
    const stored = await findTranscriptAnswerBytes(this.db, transcriptId, format, encoding);
    if (!stored) throw new NotFoundException(VIDEO_NOT_FOUND);
    this.storedAnswers.set(key, stored);
    return stored;
  }

  /** The whole video as JSON text, as `GET /api/videos/:id` answers it uncompressed. */
  async detailJson(userId: string, videoId: string): Promise<string> {
    const answer = await this.detailAnswer(userId, videoId);
    return Buffer.concat(await answer.body('identity')).toString();
  }

  /** Removes the video with its highlights, notes and AI content (cascades); usage already counted stays. */
  async remove(userId: string, videoId: string): Promise<void> {
    if (!(await deleteVideo(this.db, userId, videoId))) throw new NotFoundException(VIDEO_NOT_FOUND);
  }

  async saveNotes(userId: string, videoId: string, notes: string): Promise<{ notes: string }> {
    const saved = await saveVideoNotes(
      this.db,
      userId,
      videoId,
      notes,
      notes.trim() === '' ? null : new Date(),
    );
    if (!saved) throw new NotFoundException(VIDEO_NOT_FOUND);
    return { notes };
  }

  /**
   * The transcript text of a user's video, for validating highlight offsets. Within a transaction (`transaction`)
   * the video row is first locked against a track switch until the transaction ends; the text is read after
   * the lock is held, so it is the transcript of a switch committed meanwhile.
   */
  async transcriptText(userId: string, videoId: string, transaction?: Db): Promise<string> {
    if (transaction && !(await lockVideoForShare(transaction, userId, videoId))) {
      throw new NotFoundException(VIDEO_NOT_FOUND);
    }
    const text = await findVideoTranscriptText(transaction ?? this.db, userId, videoId);
    if (text === null) throw new NotFoundException(VIDEO_NOT_FOUND);
    return text;
  }
}
