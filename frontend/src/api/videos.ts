import type { FetchTranscriptRequest, SaveNotesRequest, Video, VideoSummary } from '@lectern/contracts';
import { getJson, requestJson, requestVoid } from '@/api/http';

export function listVideos(): Promise<VideoSummary[]> {
  return getJson<VideoSummary[]>('/api/videos');
}

export function getVideo(id: string): Promise<Video> {
  return getJson<Video>(`/api/videos/${encodeURIComponent(id)}`);
}

export function deleteVideo(id: string): Promise<void> {
  return requestVoid('DELETE', `/api/videos/${encodeURIComponent(id)}`);
}

/** Answers the new or existing video; only its id is needed to open it. */
export function fetchTranscript(body: FetchTranscriptRequest): Promise<Pick<VideoSummary, 'id'>> {
  return requestJson<Pick<VideoSummary, 'id'>>('POST', '/api/transcripts/fetch', body);
}

export function saveNotes(videoId: string, body: SaveNotesRequest): Promise<void> {
  return requestVoid('PUT', `/api/videos/${encodeURIComponent(videoId)}/notes`, body);
}
