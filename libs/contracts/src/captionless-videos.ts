import { z } from 'zod';

/** What the transcripts worker answers (422) for a YouTube video without captions. */
export const NO_CAPTIONS_MESSAGE = 'This video has no captions, so Lectern cannot make a transcript of it.';
/** The same for a video whose captions hold no text. */
export const NO_CAPTION_TEXT_MESSAGE =
  'This video has no captions with any text, so Lectern cannot make a transcript of it.';

export const isNoCaptionsMessage = (message: string): boolean =>
  message === NO_CAPTIONS_MESSAGE || message === NO_CAPTION_TEXT_MESSAGE;

/**
 * The `code` of the 422 answering a video without captions: `TranscribeAudio` when this user can have its audio
 * transcribed now (`POST /api/transcripts/transcribe-audio`), `NoCaptions` when only what the message says works.
 */
export const CaptionlessCode = {
  NoCaptions: 'no-captions',
  TranscribeAudio: 'no-captions-transcribe-audio',
} as const;
export type CaptionlessCode = (typeof CaptionlessCode)[keyof typeof CaptionlessCode];

/** What is added to the no-captions message: what the user can do instead, by plan and by what the server can. */
export const CAPTIONLESS_OFFERS = {
  /** Pro, and the server has an audio source (YOUTUBE_AUDIO_COMMAND). */
  transcribeAudio: "Lectern can transcribe the video's audio instead.",
  /** Pro, no audio source. */
  upload: 'If you have its recording, upload it and Lectern transcribes the audio.',
  /** Free, and the server has an audio source. */
  proTranscribesAudio: "With Pro, Lectern can transcribe the video's audio instead.",
  /** Free, no audio source. */
  proUpload: 'With Pro, you can upload its recording and Lectern transcribes the audio.',
} as const;

/** `POST /api/transcripts/transcribe-audio`: transcribe a YouTube video's audio for the user (Pro). */
export const TranscribeAudioRequestSchema = z.object({
  youtubeUrl: z.string({ error: 'Please enter a YouTube URL' }),
});
export type TranscribeAudioRequest = z.input<typeof TranscribeAudioRequestSchema>;

/** Its 202: the library entry made, whose transcription goes on (`GET /api/videos/:id/transcription`). */
export const TranscribeAudioStartedSchema = z.object({ videoId: z.string() });
export type TranscribeAudioStarted = z.infer<typeof TranscribeAudioStartedSchema>;

export const TRANSCRIBE_AUDIO_NEEDS_PRO =
  "Transcribing a video's audio is part of the Pro plan. Upgrade to Pro to have videos without captions transcribed.";
export const TRANSCRIBE_AUDIO_UNAVAILABLE =
  "This server cannot fetch videos' audio from YouTube, so it cannot transcribe them. If you have the recording, upload it instead.";
export const TRANSCRIBE_AUDIO_ALREADY_IN_LIBRARY =
  'This video is already in your library. Delete it there first to transcribe its audio.';
