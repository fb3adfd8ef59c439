import type { Readable } from 'node:stream';
import { type MediaStore } from '@lectern/handovers';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { TusRefusal } from './tus-refusal';

/** The tus metadata key the gateway sets (never the client) to the uploader's user id. */
export const OWNER_METADATA_KEY = 'lecternOwner';

/**
 * The tus server's storage: the media store (PostgreSQL chunks, or the EXPORT_S3_URL bucket), which takes each
 * PATCH body as a stream at the offset where the recording ends, so no recording is ever held whole in memory.
 * The media store names the recording: its id is the upload's id.
 */
export class MediaDataStore extends DataStore {
  constructor(private readonly media: MediaStore) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const owner = upload.metadata?.[OWNER_METADATA_KEY];
    if (!owner) throw new Error('an upload was created without its owner');
    upload.id = await this.media.create({
      userId: owner,
      fileName: upload.metadata?.filename ?? 'Recording',
      contentType: upload.metadata?.filetype ?? null,
      declaredBytes: upload.size ?? null,
    });
    return upload;
  }

  override write(stream: Readable, id: string, offset: number): Promise<number> {
    return this.media.append(id, offset, stream);
  }

  override async getUpload(id: string): Promise<Upload> {
    const file = await this.media.find(id);
    if (!file) throw new TusRefusal(ERRORS.FILE_NOT_FOUND.status_code, 'Upload not found.');
    return new Upload({
      id,
      offset: file.received_bytes,
      ...(file.declared_bytes === null ? {} : { size: file.declared_bytes }),
      metadata: {
        filename: file.file_name,
        filetype: file.content_type,
        [OWNER_METADATA_KEY]: file.user_id,
      },
      creation_date: file.created_at.toISOString(),
    });
  }

  override remove(id: string): Promise<void> {
    return this.media.delete(id);
  }
}
