import type { TranscriptSegment } from '@lectern/contracts';
import { autoCaptions, punctuatedCaptions, sentenceEndsIn, speechCaptions } from './caption-builders';
import { FRENCH_REVOLUTION_TEXT, FRENCH_REVOLUTION_TITLE } from './french-revolution';
import { HELD_OUT_TEXT, HELD_OUT_TITLE } from './held-out';
import { LECTURE_TEXT, LECTURE_TITLE } from './memory-lecture';
import { PLATE_TECTONICS_TEXT, PLATE_TECTONICS_TITLE } from './plate-tectonics';

/** Manual captions are punctuated by a person; auto captions are speech recognition's, unpunctuated. */
export type CaptionTrack = 'manual' | 'auto';

export interface SampleLecture {
  id: string;
  title: string;
  track: CaptionTrack;
  /** Kept out of the offline engine's development and reported apart. */
  heldOut: boolean;
  segments: TranscriptSegment[];
  /**
   * For unpunctuated tracks cut from a punctuated text: where its sentences really end, as character offsets
   * in the segments' texts joined by one space.
   */
  sentenceEnds?: number[];
}

function manual(id: string, title: string, text: string, heldOut = false): SampleLecture {
  return { id, title, track: 'manual', heldOut, segments: punctuatedCaptions(text) };
}

function auto(id: string, title: string, segments: TranscriptSegment[], text: string, heldOut = false) {
  const lecture: SampleLecture = { id, title, track: 'auto', heldOut, segments };
  lecture.sentenceEnds = sentenceEndsIn(text, segments);
  return lecture;
}

/** Lectern's own sample lectures (the demo's five live with the fake YouTube in services/transcripts). */
export function sampleLectures(): SampleLecture[] {
  return [
    manual('memory', LECTURE_TITLE, LECTURE_TEXT),
    auto('memory-auto', LECTURE_TITLE, autoCaptions(LECTURE_TEXT), LECTURE_TEXT),
    manual('plate-tectonics', PLATE_TECTONICS_TITLE, PLATE_TECTONICS_TEXT),
    auto(
      'french-revolution-auto',
      FRENCH_REVOLUTION_TITLE,
      speechCaptions(FRENCH_REVOLUTION_TEXT),
      FRENCH_REVOLUTION_TEXT,
    ),
    manual('held-out', HELD_OUT_TITLE, HELD_OUT_TEXT, true),
    auto('held-out-auto', HELD_OUT_TITLE, speechCaptions(HELD_OUT_TEXT, 11), HELD_OUT_TEXT, true),
  ];
}
