import { z } from 'zod';
import { TranscriptSegmentSchema, type SpeechRecognitionCredit } from './entities';

/**
 * A segment of a transcript made by speech recognition: a caption segment's shape (start seconds, text, `unclear`
 * when the recogniser was not confident of the words) with its duration.
 */
export const SpeechSegmentSchema = TranscriptSegmentSchema.extend({
  /** Seconds the words take from `start`. */
  duration: z.number().nonnegative(),
});
export type SpeechSegment = z.infer<typeof SpeechSegmentSchema>;

/**
 * Where a transcript's words come from: a YouTube video's captions, a recording the user uploaded, or a YouTube
 * video's audio fetched by the media worker (a recording too, keeping the video's id).
 */
export const TranscriptSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('youtube'), youtubeId: z.string() }),
  z.object({ kind: z.literal('upload'), mediaId: z.string().uuid() }),
  z.object({ kind: z.literal('youtube-audio'), youtubeId: z.string(), mediaId: z.string().uuid() }),
]);
export type TranscriptSource = z.infer<typeof TranscriptSourceSchema>;

/** What an export writes before the words of a segment speech recognition was not confident of (the app's "unclear"). */
export const UNCLEAR_MARK = '[unclear]';

/** What an export with unclear segments says of its mark, under the transcript's heading. */
export const UNCLEAR_LEGEND = `${UNCLEAR_MARK} marks words speech recognition was not confident of.`;

/** The sentence the app and every export show under a transcript made by speech recognition. */
export function speechRecognitionNote(credit: SpeechRecognitionCredit): string {
  return `Transcribed by speech recognition (${credit.model}); it may contain mistakes.`;
}
