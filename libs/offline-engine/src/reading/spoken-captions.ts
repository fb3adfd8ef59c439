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

// Labels that name a role, not a person: "AUDIENCE:", "STUDENT:", "SPEAKER 2:".
const ROLES = new Set(
  'audience student students speaker speakers professor instructor teacher lecturer presenter narrator host interviewer interviewee moderator crowd all both group voice man woman male female participant participants'.split(
    ' ',
  ),
);

/**
 * The words of the names the captions give their speakers ("DAVID J. MALAN:", "CAROLINE:"), lower case: the people
 * in the room (the lecturer, volunteers, students asking), who are not what the lecture teaches.
 */
export function speakerNames(segments: readonly TranscriptSegment[]): Set<string> {
  const names = new Set<string>();
  for (const segment of segments)
    for (const match of segment.text.replace(SPEAKER_CHANGE, ' ').trim().matchAll(SPEAKER_NAME))
      for (const word of match[0].slice(match[1]?.length ?? 0, -1).split(/\s+/u))
        if (/\p{L}{2}/u.test(word) && !ROLES.has(word.toLowerCase())) names.add(word.toLowerCase());
  return names;
}

/** The caption lines as spoken; a line that held only markers is left out, every other keeps its moment. */
export function spokenCaptions(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return segments
    .map((segment) => ({ ...segment, text: spokenCaption(segment.text) }))
    .filter((segment) => segment.text !== '');
}
