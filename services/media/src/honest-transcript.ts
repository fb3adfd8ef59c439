import type { SpeechSegment } from '@lectern/contracts';
import type { RecognisedSegment } from './speech-to-text';

/** Above this, the recogniser itself thinks there was no speech: whatever words it wrote are invented. */
export const NO_SPEECH_THRESHOLD = 0.6;
/** Below this average log-probability per token, the words are shown as unclear. */
export const UNCLEAR_LOGPROB_THRESHOLD = -1;
/** A line said this many times in a row is the recogniser looping, not the speaker. */
const REPEATED_LINE_RUN = 3;

/** What Whisper-family models write over silence and music, learned from subtitled videos. */
const SILENCE_PHRASES = [
  'thanks for watching',
  'thank you for watching',
  'thank you so much for watching',
  'thanks for watching and see you next time',
  'please subscribe',
  'subscribe to my channel',
  'like and subscribe',
  'subtitles by the amara org community',
];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const silencePhrases = new Set(SILENCE_PHRASES);

/** A segment with its timestamps already moved to the recording's time. */
export type PlacedSegment = RecognisedSegment;

export interface HonestTranscript {
  segments: SpeechSegment[];
  dropped: number;
  unclear: number;
}

/**
 * Keeps only what was said: drops segments the recogniser marks as no speech, the phrases it invents over
 * silence ("Thanks for watching"), empty ones, and a line repeated three times or more in a row (every time);
 * marks segments of low confidence as unclear. Segments come out in time order with their durations.
 */
export function honestTranscript(placed: PlacedSegment[]): HonestTranscript {
  const ordered = [...placed].sort((a, b) => a.start - b.start);
  const keep = ordered.map(
    (segment) =>
      normalise(segment.text) !== '' &&
      (segment.no_speech_prob ?? 0) < NO_SPEECH_THRESHOLD &&
      !silencePhrases.has(normalise(segment.text)),
  );
  for (let first = 0; first < ordered.length;) {
    let last = first;
    const line = normalise(ordered[first]!.text);
    while (last + 1 < ordered.length && normalise(ordered[last + 1]!.text) === line) last += 1;
    if (last - first + 1 >= REPEATED_LINE_RUN) for (let i = first; i <= last; i += 1) keep[i] = false;
    first = last + 1;
  }
  const segments: SpeechSegment[] = [];
  let unclear = 0;
  ordered.forEach((segment, i) => {
    if (!keep[i]) return;
    const start = round(Math.max(0, segment.start));
    const kept: SpeechSegment = {
      text: segment.text.trim(),
      start,
      duration: round(Math.max(0, segment.end - Math.max(0, segment.start))),
    };
    if ((segment.avg_logprob ?? 0) < UNCLEAR_LOGPROB_THRESHOLD) {
      kept.unclear = true;
      unclear += 1;
    }
    segments.push(kept);
  });
  return { segments, dropped: ordered.length - segments.length, unclear };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
