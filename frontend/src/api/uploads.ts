import type { RenameVideoRequest, UploadTranscription } from '@lectern/contracts';
import { getJson, requestJson } from '@/api/http';

/** How the transcription of an uploaded recording goes. */
export function getTranscription(videoId: string): Promise<UploadTranscription> {
  return getJson<UploadTranscription>(`/api/videos/${encodeURIComponent(videoId)}/transcription`);
}

/** Renames an uploaded recording; answers the title as stored. */
export function renameRecording(videoId: string, body: RenameVideoRequest): Promise<{ title: string }> {
  return requestJson<{ title: string }>('PATCH', `/api/videos/${encodeURIComponent(videoId)}`, body);
}
