import type { IncomingMessage } from 'node:http';
import { isRecordId, UPLOAD_EXTENSIONS, UPLOADS_PATH, uploadExtensionOf } from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import type { MediaStore } from '@lectern/handovers';
import { Server } from '@tus/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { toUser } from '../users/to-user';
import { MediaDataStore, OWNER_METADATA_KEY } from './media-data-store';
import { TusRefusal } from './tus-refusal';
import type { UploadLimits } from './upload-limits';
import type { UploadsService } from './uploads.service';

export const UPLOAD_NOT_FOUND = 'Upload not found.';

const MB = 1024 * 1024;

const signedInUser = (req: IncomingMessage) => toUser((req as Request).user as UserRecord);

/**
 * `/api/uploads`: resumable uploads of recordings with the tus protocol (creation, HEAD for the offset to resume
 * from, PATCH at that offset, termination of an unfinished upload). Signed-in users only; creating one is Pro
 * only; each upload is its uploader's alone (404 for anyone else's). The bytes stream into the media store.
 */
export function uploadsEndpoint(
  media: MediaStore,
  uploads: UploadsService,
  limits: UploadLimits,
): RequestHandler {
  const tooBig = `This recording is larger than the ${limits.maxMegabytes} MB an upload may carry.`;
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: new MediaDataStore(media),
    maxSize: limits.maxMegabytes * MB,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    onUploadCreate: (req, res, upload) => {
      const fileName = upload.metadata?.filename ?? '';
      if (!uploadExtensionOf(fileName))
        throw new TusRefusal(
          415,
          `Lectern transcribes ${UPLOAD_EXTENSIONS.join(', ')} files; "${fileName || 'this file'}" is none of them.`,
        );
      if (upload.sizeIsDeferred)
        throw new TusRefusal(400, 'Please send the size of the recording with the upload.');
      return Promise.resolve({
        res,
        metadata: { ...upload.metadata, [OWNER_METADATA_KEY]: signedInUser(req).id },
      });
    },
    onUploadFinish: async (req, res, upload) => {
      const finished = await uploads.finish(signedInUser(req), upload.id);
      return {
        res,
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(finished),
      };
    },
    onResponseError: (_req, _res, error) => {
      if ('status_code' in error) {
        if (error.status_code === 413) return new TusRefusal(413, tooBig);
        if (error.body.startsWith('{')) return error;
        return new TusRefusal(error.status_code, error.body.trim() || 'The upload failed.');
      }
      return new TusRefusal(500, 'The upload failed. Please resume it.');
    },
  });

  return (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      if (!req.isAuthenticated()) {
        res.status(401).json({ message: 'Please sign in to continue.' });
        return;
      }
      const user = signedInUser(req);
      if (req.method === 'POST') {
        const refusal = await uploads.refusalOfNewUpload(user);
        if (refusal) {
          res.status(refusal.status).json({ message: refusal.message });
          return;
        }
      }
      const id = req.path.replace(/^\/+|\/+$/g, '');
      if (id !== '') {
        const file = isRecordId(id) ? await media.find(id) : null;
        if (!file || file.user_id !== user.id) {
          res.status(404).json({ message: UPLOAD_NOT_FOUND });
          return;
        }
      }
      // Mounted at the uploads path, Express hid it from req.url; tus reads the upload's id from the whole path.
      req.url = req.originalUrl;
      await tus.handle(req, res);
    })().catch(next);
  };
}
