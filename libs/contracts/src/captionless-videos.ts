/** What the transcripts worker answers (422) for a YouTube video without captions. */
export const NO_CAPTIONS_MESSAGE = 'This video has no captions, so Lectern cannot make a transcript of it.';
/** The same for a video whose captions hold no text. */
export const NO_CAPTION_TEXT_MESSAGE =
  'This video has no captions with any text, so Lectern cannot make a transcript of it.';

export const isNoCaptionsMessage = (message: string): boolean =>
  message === NO_CAPTIONS_MESSAGE || message === NO_CAPTION_TEXT_MESSAGE;

/**
 * The 422 body of `POST /api/transcripts/fetch` for a video without captions. `transcribeAudio` is true when the
 * user may have its audio transcribed instead (Pro, and the server has an audio source: YOUTUBE_AUDIO_COMMAND).
 */
export interface CaptionlessVideoRefusal {
  message: string;
  transcribeAudio: boolean;
}
