import type { JobKind } from './common';

/**
 * Transcribe a recording kept in the media store (`mediaId`) into the transcripts table. The worker checks the
 * recording is the user's; every finished piece is kept, so a retried or restarted job goes on where it stopped.
 */
export interface TranscribeMediaData {
  mediaId: string;
  userId: string;
  /** The longest recording the gateway lets be transcribed (UPLOAD_MAX_MINUTES); a longer one fails saying so. */
  maxMinutes?: number;
  /** The transcript's title; the recording's file name without its extension when absent. */
  title?: string;
}

export interface TranscribeMediaResult {
  mediaId: string;
  /** The `transcripts` row holding the segments (source kind `upload`). */
  transcriptId: string;
  /** The speech-to-text model that wrote it, as the transcript says. */
  model: string;
  durationSeconds: number;
  pieces: number;
  segmentCount: number;
  /** Segments dropped as silence the recogniser filled with words (high no-speech probability, known phrases). */
  droppedSegments: number;
  unclearSegments: number;
}

/**
 * Fetch a captionless YouTube video's audio with the operator's audio command (YOUTUBE_AUDIO_COMMAND) into the
 * media store (`mediaId`, made by the requester with its pending transcript of source kind `youtube-audio`, as for
 * an upload), then transcribe it as an uploaded recording is transcribed.
 */
export interface TranscribeYouTubeAudioData extends TranscribeMediaData {
  youtubeId: string;
  /** The entry's stand-in title, until the worker learns YouTube's (with the channel) from its oEmbed endpoint. */
  title: string;
}

/** Phases a transcription goes through, in order. */
export const MEDIA_TRANSCRIPTION_PHASES = ['fetching', 'preparing', 'transcribing', 'storing'] as const;
export type MediaTranscriptionPhase = (typeof MEDIA_TRANSCRIPTION_PHASES)[number];

/** What `transcribe-media` reports as its job progress while it runs. */
export interface MediaTranscriptionProgress {
  phase: MediaTranscriptionPhase;
  piecesDone: number;
  /** 0 until the recording has been cut. */
  pieceCount: number;
  /** 0 to 100 over the whole job. */
  percent: number;
}

/** The jobs the media worker handles. */
export interface MediaJobs {
  'transcribe-media': JobKind<TranscribeMediaData, TranscribeMediaResult>;
  'transcribe-youtube-audio': JobKind<TranscribeYouTubeAudioData, TranscribeMediaResult>;
}
