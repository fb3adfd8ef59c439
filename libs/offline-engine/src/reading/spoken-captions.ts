import type { TranscriptSegment } from '@lectern/contracts';

// What a captioner writes that nobody says: ">>" where the speaker changes, the speaker's name in capitals
// ("DOUG LLOYD:", "DAVID J. MALAN:"), and sounds in brackets ("[MUSIC PLAYING]", "[LAUGHING]", "[INAUDIBLE]").
const SPEAKER_CHANGE = />>/g;
const SOUND = /\[[^\]\p{Ll}]*\]/gu;
// A name is two capital letters or more per word (initials with a dot), at a line's or a sentence's start.
const SPEAKER_NAME =
  /(^|[.!?]\s+)(?:\p{Lu}[\p{Lu}.'-]+|\p{Lu}\.)(?:\s+(?:\p{Lu}[\p{Lu}.'-]+|\p{Lu}\.))*:(?=\s|$)/gu;

/** A caption line as it is spoken: without speaker changes, speaker names or sound tags. */
export function spokenCaption(text: string): string {
  return text
    .replace(SPEAKER_CHANGE, ' ')
    .replace(SOUND, ' ')
    .trim()
    .replace(SPEAKER_NAME, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The caption lines as spoken; a line that held only markers is left out, every other keeps its moment. */
export function spokenCaptions(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return segments
    .map((segment) => ({ ...segment, text: spokenCaption(segment.text) }))
    .filter((segment) => segment.text !== '');
}
