import {
  UPLOADS_PATH,
  UploadFinishedSchema,
  uploadExtensionOf,
  type UploadFinished,
} from '@lectern/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError, type HttpStack } from 'tus-js-client';
import { queryKeys } from '@/api/query-keys';
import { unsupportedFileMessage } from '@/lib/recording';

/**
 * Waits between attempts after a dropped connection or a server hiccup: each attempt first asks the gateway
 * where the upload stands and sends only the rest. A refusal (4xx) is never retried.
 */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

/** Bytes per PATCH: a dropped connection loses at most this much. */
const CHUNK_SIZE = 8 * 1024 * 1024;

export const UPLOAD_FAILED = 'The upload failed. Please check your connection and try again.';

export type RecordingUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; sent: number; total: number }
  | { status: 'failed'; message: string }
  | { status: 'done'; finished: UploadFinished };

export interface RecordingUploadOptions {
  /** Called once the recording is whole and its library entry made. */
  onFinished: (finished: UploadFinished) => void;
  /** How requests are sent; the browser's by default (tests give their own). */
  httpStack?: HttpStack;
  retryDelays?: number[];
}

/** The gateway's `{ message }` of a refusal, else a sentence for a connection that could not be resumed. */
export function uploadErrorMessage(error: Error): string {
  const body = (error as DetailedError).originalResponse?.getBody();
  if (body) {
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    } catch {
      // Not JSON: a proxy's page, say; the general sentence is clearer.
    }
  }
  return UPLOAD_FAILED;
}

/**
 * Uploads a recording with the tus protocol: resumable (a dropped connection resumes by itself, and an upload of
 * the same file cut off by a reload resumes where it stopped), with its progress, cancellable.
 */
export function useRecordingUpload({ onFinished, httpStack, retryDelays }: RecordingUploadOptions) {
  const [state, setState] = useState<RecordingUploadState>({ status: 'idle' });
  const upload = useRef<Upload | null>(null);
  const queryClient = useQueryClient();
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  }, [onFinished]);
  // Leaving the page stops sending; the upload stays resumable.
  useEffect(() => () => void upload.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      if (upload.current) return;
      if (!uploadExtensionOf(file.name)) {
        setState({ status: 'failed', message: unsupportedFileMessage(file.name) });
        return;
      }
      setState({ status: 'uploading', fileName: file.name, sent: 0, total: file.size });
      const current = new Upload(file, {
        endpoint: UPLOADS_PATH,
        metadata: { filename: file.name, filetype: file.type },
        chunkSize: CHUNK_SIZE,
        retryDelays: retryDelays ?? UPLOAD_RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        ...(httpStack ? { httpStack } : {}),
        onProgress: (sent, total) =>
          setState({ status: 'uploading', fileName: file.name, sent, total: total || file.size }),
        onSuccess: ({ lastResponse }) => {
          upload.current = null;
          const parsed = UploadFinishedSchema.safeParse(safeJson(lastResponse.getBody()));
          if (!parsed.success) {
            setState({ status: 'failed', message: UPLOAD_FAILED });
            return;
          }
          setState({ status: 'done', finished: parsed.data });
          void queryClient.invalidateQueries({ queryKey: queryKeys.videos.list() });
          onFinishedRef.current(parsed.data);
        },
        onError: (error) => {
          upload.current = null;
          setState({ status: 'failed', message: uploadErrorMessage(error) });
        },
      });
      upload.current = current;
      void current.findPreviousUploads().then((previous) => {
        if (upload.current !== current) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) current.resumeFromPreviousUpload(latest);
        current.start();
      });
    },
    [httpStack, queryClient, retryDelays],
  );

  /** Stops the upload and deletes what the gateway kept of it. */
  const cancel = useCallback(() => {
    const current = upload.current;
    upload.current = null;
    setState({ status: 'idle' });
    void current?.abort(true).catch(() => undefined);
  }, []);

  return { state, start, cancel };
}

function safeJson(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '');
  } catch {
    return null;
  }
}
