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
import { DataSource } from 'typeorm';
import { contentHash, type AnswerEncoding } from '../http/revalidatable-json';
import { joinBrotli, joinGzip } from '../http/stream-join';
import { VIDEO_NOT_FOUND } from './video-id';
import { videoSummary } from './video-summary';

/** A video's answer: the hash its ETags are made of, and its bytes in each encoding. */
export interface VideoAnswer {
  hash: string;
  body(encoding: AnswerEncoding): Promise<Buffer[]>;
}

@Injectable()
export class VideosService {
  private readonly db: Db;

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
    return {
      hash: contentHash(head.plain_sha1, suffix),
      async body(encoding) {
        if (encoding === 'identity') {
          const source = await findTranscriptAnswerSource(db, head.transcript_id);
          if (!source) throw new NotFoundException(VIDEO_NOT_FOUND);
          return [Buffer.from(transcriptAnswerPrefix(source)), suffix];
        }
        const stored = await findTranscriptAnswerBytes(db, head.transcript_id, head.format, encoding);
        if (!stored) throw new NotFoundException(VIDEO_NOT_FOUND);
        return encoding === 'br'
          ? joinBrotli(stored, suffix)
          : joinGzip({ deflate: stored, crc32: head.plain_crc32, length: head.plain_bytes }, suffix);
      },
    };
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
