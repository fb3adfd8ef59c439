import type { UploadTranscription } from '@lectern/contracts';
import { getJson } from '@/api/http';

/** How the transcription of an uploaded recording goes. */
export function getTranscription(videoId: string): Promise<UploadTranscription> {
  return getJson<UploadTranscription>(`/api/videos/${encodeURIComponent(videoId)}/transcription`);
}
