/** What the transcripts worker answers (422) for a YouTube video without captions. */
export const NO_CAPTIONS_MESSAGE = 'This video has no captions, so Lectern cannot make a transcript of it.';
/** The same for a video whose captions hold no text. */
export const NO_CAPTION_TEXT_MESSAGE =
  'This video has no captions with any text, so Lectern cannot make a transcript of it.';

export const isNoCaptionsMessage = (message: string): boolean =>
  message === NO_CAPTIONS_MESSAGE || message === NO_CAPTION_TEXT_MESSAGE;
