import type {
  ChooseTrackRequest,
  ChooseTrackResponse,
  FetchTranscriptRequest,
  SampleVideo,
  SaveNotesRequest,
  TranscribeAudioRequest,
  TranscribeAudioStarted,
  Video,
  VideoSummary,
  VideoTracks,
} from '@lectern/contracts';
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

/** Has a YouTube video's audio transcribed (Pro): answers the library entry, transcribed in the background. */
export function transcribeAudio(body: TranscribeAudioRequest): Promise<TranscribeAudioStarted> {
  return requestJson<TranscribeAudioStarted>('POST', '/api/transcripts/transcribe-audio', body);
}

export function saveNotes(videoId: string, body: SaveNotesRequest): Promise<void> {
  return requestVoid('PUT', `/api/videos/${encodeURIComponent(videoId)}/notes`, body);
}

export function getVideoTracks(videoId: string): Promise<VideoTracks> {
  return getJson<VideoTracks>(`/api/videos/${encodeURIComponent(videoId)}/tracks`);
}

/** Answers the video made from the chosen track, and how many highlights it could not keep. */
export function chooseTrack(videoId: string, body: ChooseTrackRequest): Promise<ChooseTrackResponse> {
  return requestJson<ChooseTrackResponse>('POST', `/api/videos/${encodeURIComponent(videoId)}/track`, body);
}

/** Videos to try in one click; none unless the install offers some (the demo does). */
export function listSampleVideos(): Promise<SampleVideo[]> {
  return getJson<SampleVideo[]>('/api/samples');
}
