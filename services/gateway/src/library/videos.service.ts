import { Injectable } from '@nestjs/common';
import { youtubeWatchUrl, type Highlight, type VideoSummary } from '@lectern/contracts';
import {
  deleteVideo,
  findLibrary,
  findTranscriptAnswerBytes,
  findTranscriptAnswerSource,
  findVideoAnswerHead,
  findVideoOwnFields,
  findUploadedVideo,
  findVideoSummary,
  saveVideoNotes,
  type Db,
  type TranscriptAnswerHead,
  type VideoAnswerHeadRow,
  type VideoSummaryRow,
} from '@lectern/db';
import { MediaStore, TRANSCRIPT_ANSWER_FORMAT, transcriptAnswerPrefix } from '@lectern/handovers';
import { LRUCache } from 'lru-cache';
import { InjectDb } from '../database/database.module';
import { compressOnTheFly, contentHash, type AnswerEncoding } from '../http/revalidatable-json';
import { joinBrotli, joinGzip } from '../http/stream-join';
import { TranscriptAnswerBuilds } from './transcript-answer-builds';
import { videoOr404 } from './user-video';

/** A library entry as the API lists it. */
export function videoSummary(row: VideoSummaryRow): VideoSummary {
  return {
    id: row.id,
    // An uploaded recording has no YouTube video to link to.
    youtubeId: row.youtube_id ?? '',
    youtubeUrl: row.youtube_id === null ? '' : youtubeWatchUrl(row.youtube_id),
    title: row.title,
    channelName: row.channel_name,
    thumbnailUrl: row.thumbnail_url,
    duration: row.duration,
    createdAt: row.created_at.toISOString(),
  };
}

/** Memory for compressed transcript answers: 64 MB holds the Brotli bytes of a few hundred 10-hour videos. */
const STORED_ANSWER_CACHE_BYTES = 64 * 2 ** 20;

/**
 * A video's answer in one encoding: the hash its ETag is made of (from what the database digests, with no body
 * built), and its bytes with the hash of what they were made of, which differs from the first only when the
 * video changed between the two reads.
 */
export interface VideoAnswer {
  hash: string;
  body(): Promise<{ hash: string; parts: Buffer[] }>;
}

/** The hash of a video's answer: the same for the same content whichever way it is made or encoded. */
function answerHash(prefixSha1: string, ownDigest: string): string {
  return contentHash(prefixSha1, ownDigest);
}

@Injectable()
export class VideosService {
  private readonly storedAnswers = new LRUCache<string, Buffer>({
    maxSize: STORED_ANSWER_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
  });

  constructor(
    @InjectDb() private readonly db: Db,
    private readonly answerBuilds: TranscriptAnswerBuilds,
    private readonly media: MediaStore,
  ) {}

  /** The library, newest first, without transcript bodies. */
  async list(userId: string): Promise<VideoSummary[]> {
    return (await findLibrary(this.db, userId)).map(videoSummary);
  }

  async summary(userId: string, videoId: string): Promise<VideoSummary> {
    return videoSummary(videoOr404(await findVideoSummary(this.db, userId, videoId)));
  }

  /**
   * The video's answer (`GET /api/videos/:id`) in `encoding`, in two parts. First the transcript's part, compressed
   * once (transcript_answers) and sent from those bytes; the stored row goes whenever the transcript row it was
   * made from changes (migration 1795400300000), so it is never stale. Then the video's own fields (id,
   * createdAt, notes, highlights), last in the JSON, joined to the stored stream on each request without
   * compressing the transcript again (http/stream-join.ts). Without a stored part of this layout, and for
   * clients that take no compression, the answer is made from the transcript row and compressed per request.
   */
  async detailAnswer(userId: string, videoId: string, encoding: AnswerEncoding): Promise<VideoAnswer> {
    const video = videoOr404(await findVideoAnswerHead(this.db, userId, videoId));
    const head = storedHead(video);
    if (head && encoding !== 'identity') {
      const stored = await this.storedAnswerBytes(head, encoding);
      if (stored) {
        return {
          hash: answerHash(head.plain_sha1, video.own_digest),
          body: async () => {
            const own = await this.ownFields(userId, videoId);
            const parts =
              encoding === 'br'
                ? joinBrotli(stored, own.suffix)
                : joinGzip(
                    { deflate: stored, crc32: head.plain_crc32, length: head.plain_bytes },
                    own.suffix,
                  );
            return { hash: answerHash(head.plain_sha1, own.digest), parts };
          },
        };
      }
    }
    // Stored before prefixes were kept or in an older layout: made again in the background, never while a
    // request waits. A newer layout (a newer gateway's, during a rolling deploy) is left as it is.
    if (video.answer_format === null || video.answer_format < TRANSCRIPT_ANSWER_FORMAT) {
      this.answerBuilds.request(video.transcript_id);
    }
    const source = videoOr404(await findTranscriptAnswerSource(this.db, video.transcript_id));
    const prefix = Buffer.from(transcriptAnswerPrefix(source));
    const prefixSha1 = contentHash(prefix);
    return {
      hash: answerHash(prefixSha1, video.own_digest),
      body: async () => {
        const own = await this.ownFields(userId, videoId);
        const parts = await compressOnTheFly(Buffer.concat([prefix, own.suffix]), encoding);
        return { hash: answerHash(prefixSha1, own.digest), parts };
      },
    };
  }

  /**
   * The video's own fields (id, createdAt, notes, highlights), last in its answer's JSON: the JSON text after
   * the transcript part's opening brace, and the database's digest of them. Read only when an answer is sent.
   */
  private async ownFields(userId: string, videoId: string): Promise<{ suffix: Buffer; digest: string }> {
    const own = videoOr404(await findVideoOwnFields(this.db, userId, videoId));
    const suffix = Buffer.from(
      JSON.stringify({
        id: own.id,
        createdAt: own.created_at.toISOString(),
        notes: own.notes,
        highlights: JSON.parse(own.highlights_json) as Highlight[],
      }).slice(1),
    );
    return { suffix, digest: own.own_digest };
  }

  /**
   * A transcript's compressed answer prefix, or null when its row changed or went since the head was read.
   * Kept in memory by the hash of its content (up to STORED_ANSWER_CACHE_BYTES, least recently used first
   * out), which every request reads afresh with the video's own fields: a changed transcript has another hash,
   * so its old bytes are never served.
   */
  private async storedAnswerBytes(
    head: TranscriptAnswerHead,
    encoding: 'br' | 'gzip',
  ): Promise<Buffer | null> {
    const key = `${head.transcript_id}:${head.format}:${head.plain_sha1}:${encoding}`;
    const kept = this.storedAnswers.get(key);
    if (kept) return kept;
    const stored = await findTranscriptAnswerBytes(this.db, head, encoding);
    if (stored) this.storedAnswers.set(key, stored);
    return stored;
  }

  /** The whole video as JSON text, as `GET /api/videos/:id` answers it uncompressed. */
  async detailJson(userId: string, videoId: string): Promise<string> {
    const answer = await this.detailAnswer(userId, videoId, 'identity');
    return Buffer.concat((await answer.body()).parts).toString();
  }

  /** Removes the video with its highlights, notes and AI content (cascades); usage already counted stays. */
  /** Removes the entry; an uploaded recording's bytes and transcript go with it. */
  async remove(userId: string, videoId: string): Promise<void> {
    const upload = await findUploadedVideo(this.db, userId, videoId);
    videoOr404(await deleteVideo(this.db, userId, videoId));
    if (upload) await this.media.delete(upload.media_id);
  }

  async saveNotes(userId: string, videoId: string, notes: string): Promise<{ notes: string }> {
    videoOr404(
      await saveVideoNotes(this.db, userId, videoId, notes, notes.trim() === '' ? null : new Date()),
    );
    return { notes };
  }
}

/** The stored prefix the video's head query found, when it is of this gateway's layout. */
function storedHead(video: VideoAnswerHeadRow): TranscriptAnswerHead | null {
  if (video.answer_format !== TRANSCRIPT_ANSWER_FORMAT || video.plain_sha1 === null) return null;
  return {
    transcript_id: video.transcript_id,
    format: video.answer_format,
    plain_bytes: Number(video.plain_bytes),
    plain_sha1: video.plain_sha1,
    plain_crc32: Number(video.plain_crc32),
  };
}
