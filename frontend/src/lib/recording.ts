import {
  UPLOAD_EXTENSIONS,
  type UploadTranscription,
  type Video,
  type VideoSummary,
} from '@lectern/contracts';

/** An uploaded recording has no YouTube video behind it: the gateway answers an empty link. */
export function isUploadedRecording(video: Pick<VideoSummary, 'youtubeId' | 'youtubeUrl'>): boolean {
  return video.youtubeId === '' && video.youtubeUrl === '';
}

/**
 * A YouTube video whose audio speech recognition is still transcribing: no model named yet, and no words (a caption
 * transcript always has some; the gateway refuses captions without text).
 */
export function isAwaitingSpeechTranscript(
  video: Pick<Video, 'youtubeId' | 'youtubeUrl' | 'transcribedBy' | 'transcriptSegments'>,
): boolean {
  return !isUploadedRecording(video) && !video.transcribedBy && video.transcriptSegments.length === 0;
}

/** The file input's `accept`: the recordings Lectern transcribes, by extension. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The sentence the gateway answers for a file of another kind, said before any byte is sent. */
export function unsupportedFileMessage(fileName: string): string {
  return `Lectern transcribes ${UPLOAD_EXTENSIONS.join(', ')} files; "${fileName || 'this file'}" is none of them.`;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB": bytes as people read them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** One line saying where the transcription stands, e.g. "Transcribing… piece 3 of 8". */
export function transcriptionStep(status: UploadTranscription): string {
  if (status.state === 'failed') return status.message ?? 'The transcription failed.';
  if (status.state === 'done') return 'Transcript ready.';
  if (status.state === 'queued') return 'Waiting for a transcriber…';
  if (status.phase === 'fetching') return "Fetching the video's audio…";
  if (status.phase === 'preparing') return 'Preparing the audio…';
  if (status.phase === 'storing') return 'Saving the transcript…';
  if (status.pieceCount > 0)
    return `Transcribing… piece ${Math.min(status.piecesDone + 1, status.pieceCount)} of ${status.pieceCount}`;
  return 'Transcribing…';
}
