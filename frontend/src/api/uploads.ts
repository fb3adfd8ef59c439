import type { RenameVideoRequest, UploadTranscription } from '@lectern/contracts';
import { getJson, requestJson } from '@/api/http';

/** How the transcription of an uploaded recording goes. */
export function getTranscription(videoId: string): Promise<UploadTranscription> {
  return getJson<UploadTranscription>(`/api/videos/${encodeURIComponent(videoId)}/transcription`);
}

/** Tries a failed transcription again; answers how it now stands (queued). */
export function retryTranscription(videoId: string): Promise<UploadTranscription> {
  return requestJson<UploadTranscription>(
    'POST',
    `/api/videos/${encodeURIComponent(videoId)}/transcription/retry`,
  );
}

/** Renames an uploaded recording; answers the title as stored. */
export function renameRecording(videoId: string, body: RenameVideoRequest): Promise<{ title: string }> {
  return requestJson<{ title: string }>('PATCH', `/api/videos/${encodeURIComponent(videoId)}`, body);
}
