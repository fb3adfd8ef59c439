import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  appendMediaChunk,
  completeMediaFile,
  deleteMediaFile,
  discardMediaChunks,
  findMediaFile,
  insertMediaFile,
  mediaChunkObjectKeys,
  mediaObjectKeysOfUser,
  readMediaChunks,
  type Db,
  type MediaFileRow,
} from '@lectern/db';
import type { ExportS3Config } from '../export-hand-over/s3-url';

/** The size of a `media_file_chunks` row holding its bytes (an append's last row is shorter). */
export const MEDIA_CHUNK_BYTES = 256 * 1024;

/** Every recording's objects start so in the bucket, beside the exports. */
export const MEDIA_S3_PREFIX = 'media/';

/** An append that does not start where the recording ends (a resent chunk, two uploads of one file at once). */
export class MediaOffsetConflict extends Error {
  constructor(
    readonly mediaId: string,
    readonly offset: number,
  ) {
    super(`The upload does not continue at byte ${offset}.`);
  }
}

export type MediaFile = MediaFileRow;

export interface NewMediaFile {
  userId: string;
  fileName: string;
  contentType: string | null;
  /** The recording's size when the upload announces it; appends never go past it. */
  declaredBytes: number | null;
}

/**
 * Recordings users upload, as a resumable upload (tus) writes them: created, appended to at the byte where they
 * end, finished, then read as a stream by the media worker and deleted. Bytes are streamed both ways: into
 * `media_file_chunks` rows of PostgreSQL, or into objects of the `EXPORT_S3_URL` bucket (one per append), while the
 * offsets are always kept in PostgreSQL so two appends can never both land at one offset.
 */
export class MediaStore {
  private readonly s3: { client: S3Client; bucket: string } | undefined;

  /** `db` stays the caller's: `close` leaves it open. */
  constructor(
    private readonly db: Db,
    s3Config?: ExportS3Config,
  ) {
    this.s3 = s3Config && {
      bucket: s3Config.bucket,
      client: new S3Client({
        endpoint: s3Config.endpoint,
        region: s3Config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s3Config.accessKeyId, secretAccessKey: s3Config.secretAccessKey },
      }),
    };
  }

  create(file: NewMediaFile): Promise<string> {
    return insertMediaFile(this.db, file);
  }

  find(mediaId: string): Promise<MediaFile | null> {
    return findMediaFile(this.db, mediaId);
  }

  /**
   * Appends what `body` carries at `offset`, which must be where the recording ends; answers the new end. Bytes
   * kept in PostgreSQL are kept as they arrive, so a connection dropped mid-way keeps what came (tus resumes from
   * there, in whole chunks); an object in the bucket is kept only whole. Bytes past the declared size are refused
   * (in PostgreSQL, the whole chunks before them are kept).
   */
  async append(mediaId: string, offset: number, body: Readable): Promise<number> {
    return this.s3
      ? this.appendObject(this.s3, mediaId, offset, body)
      : this.appendRows(mediaId, offset, body);
  }

  /** Marks the recording whole; throws when bytes are still missing. */
  async finish(mediaId: string): Promise<void> {
    if (!(await completeMediaFile(this.db, mediaId))) {
      const file = await findMediaFile(this.db, mediaId);
      if (file?.completed_at) return;
      throw new Error(
        file
          ? `The recording has ${file.received_bytes} of its ${file.declared_bytes} bytes.`
          : 'The recording does not exist.',
      );
    }
  }

  /** Forgets the bytes of a recording not yet whole, so it is written again from its first byte. */
  async restart(mediaId: string): Promise<void> {
    if ((await findMediaFile(this.db, mediaId))?.completed_at) return;
    const keys = this.s3 ? await mediaChunkObjectKeys(this.db, mediaId) : [];
    await discardMediaChunks(this.db, mediaId);
    for (const key of keys) await this.deleteObject(key);
  }

  /** The recording's bytes in order, fetched only as fast as the consumer reads. */
  read(mediaId: string): Readable {
    return Readable.from(this.bytesOf(mediaId), { highWaterMark: 1 });
  }

  private async *bytesOf(mediaId: string): AsyncGenerator<Buffer> {
    for await (const chunk of readMediaChunks(this.db, mediaId)) {
      if (chunk.data) {
        yield chunk.data;
        continue;
      }
      if (!this.s3) throw new Error('a recording kept in a bucket is read without EXPORT_S3_URL');
      const object = await this.s3.client.send(
        new GetObjectCommand({ Bucket: this.s3.bucket, Key: chunk.object_key! }),
      );
      if (!(object.Body instanceof Readable))
        throw new Error('the media object came without a readable body');
      for await (const piece of object.Body) yield piece as Buffer;
    }
  }

  /** Removes the recording, its bytes and any transcription in progress; doing it twice is harmless. */
  async delete(mediaId: string): Promise<void> {
    const keys = this.s3 ? await mediaChunkObjectKeys(this.db, mediaId) : [];
    await deleteMediaFile(this.db, mediaId);
    for (const key of keys) await this.deleteObject(key);
  }

  /**
   * Runs `deleteRows`, which deletes the user's rows (their recordings' rows cascade), then the bucket objects that
   * held their recordings, read before the rows went; answers what `deleteRows` answered. Objects stay when it
   * deleted nothing.
   */
  async deleteOfUser(userId: string, deleteRows: () => Promise<boolean>): Promise<boolean> {
    const keys = this.s3 ? await mediaObjectKeysOfUser(this.db, userId) : [];
    const deleted = await deleteRows();
    if (deleted) for (const key of keys) await this.deleteObject(key);
    return deleted;
  }

  close(): Promise<void> {
    this.s3?.client.destroy();
    return Promise.resolve();
  }

  private async appendRows(mediaId: string, offset: number, body: Readable): Promise<number> {
    let end = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const store = async (data: Buffer) => {
      if (!(await appendMediaChunk(this.db, mediaId, end, { data })))
        throw new MediaOffsetConflict(mediaId, end);
      end += data.length;
    };
    for await (const piece of body) {
      const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
      pending.push(buffer);
      pendingBytes += buffer.length;
      while (pendingBytes >= MEDIA_CHUNK_BYTES) {
        const all = Buffer.concat(pending, pendingBytes);
        await store(all.subarray(0, MEDIA_CHUNK_BYTES));
        const rest = all.subarray(MEDIA_CHUNK_BYTES);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
      }
    }
    if (pendingBytes > 0) await store(Buffer.concat(pending, pendingBytes));
    return end;
  }

  private async appendObject(
    s3: { client: S3Client; bucket: string },
    mediaId: string,
    offset: number,
    body: Readable,
  ): Promise<number> {
    const objectKey = `${MEDIA_S3_PREFIX}${mediaId}/${String(offset).padStart(12, '0')}-${randomUUID()}`;
    let bytes = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const upload = new Upload({
      client: s3.client,
      queueSize: 2,
      params: { Bucket: s3.bucket, Key: objectKey, Body: body.pipe(counted) },
    });
    body.on('error', (error) => counted.destroy(error));
    try {
      await upload.done();
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    }
    if (bytes === 0) {
      await this.deleteObject(objectKey);
      return offset;
    }
    if (!(await appendMediaChunk(this.db, mediaId, offset, { objectKey, bytes }))) {
      await this.deleteObject(objectKey);
      throw new MediaOffsetConflict(mediaId, offset);
    }
    return offset + bytes;
  }

  private async deleteObject(key: string): Promise<void> {
    await this.s3!.client.send(new DeleteObjectCommand({ Bucket: this.s3!.bucket, Key: key })).catch(
      () => undefined,
    );
  }
}
