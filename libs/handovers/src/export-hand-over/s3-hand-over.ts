import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { EXPORT_FILE_MAX_AGE_MS } from '@lectern/db';
import type { ExportHandOver, HandedOverFile } from './hand-over';
import type { ExportS3Config } from './s3-url';

/** Every rendered export's object key starts so: the sweep lists only these. */
export const EXPORT_S3_PREFIX = 'exports/';

/**
 * Rendered exports as objects of an S3-compatible bucket (`EXPORT_S3_URL`), their owner and format in the
 * object's metadata. The upload goes in parts of 5 MB, two at a time, as the renderer writes: an object
 * appears only once the upload completes, so the gateway never streams half a file.
 */
export class S3HandOver implements ExportHandOver {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: ExportS3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  async write(
    userId: string,
    format: string,
    render: (output: NodeJS.WritableStream) => Promise<void>,
  ): Promise<HandedOverFile> {
    const fileId = randomUUID();
    let bytes = 0;
    const body = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client,
      queueSize: 2,
      params: {
        Bucket: this.bucket,
        Key: keyOf(fileId),
        Body: body,
        Metadata: { 'user-id': userId, format },
      },
    });
    const uploaded = upload.done();
    // A failed part fails the render instead of leaving it waiting.
    uploaded.catch(() => undefined);
    try {
      await Promise.race([render(body), uploaded]);
      await uploaded;
    } catch (error) {
      body.destroy();
      await upload.abort().catch(() => undefined);
      await this.delete(fileId).catch(() => undefined);
      throw error;
    }
    return { fileId, userId, format, bytes };
  }

  async find(fileId: string): Promise<HandedOverFile | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: keyOf(fileId) }));
      const userId = head.Metadata?.['user-id'];
      const format = head.Metadata?.format;
      if (userId === undefined || format === undefined || head.ContentLength === undefined) return null;
      return { fileId, userId, format, bytes: head.ContentLength };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(fileId: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(fileId) }));
    // In Node the body is the HTTP response itself: read on only as fast as the consumer reads.
    if (!(object.Body instanceof Readable)) throw new Error('the export object came without a readable body');
    return object.Body;
  }

  async delete(fileId: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOf(fileId) }));
  }

  /** By the store's clock for each object's age (`now`, this process's clock, is injectable for tests). */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = now.getTime() - EXPORT_FILE_MAX_AGE_MS;
    let deleted = 0;
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: EXPORT_S3_PREFIX },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || object.LastModified === undefined) continue;
        if (object.LastModified.getTime() >= cutoff) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
        deleted += 1;
      }
    }
    return deleted;
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

const keyOf = (fileId: string): string => `${EXPORT_S3_PREFIX}${fileId}`;

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404;
}
