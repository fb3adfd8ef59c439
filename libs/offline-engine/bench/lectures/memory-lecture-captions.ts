import type { TranscriptSegment } from '@lectern/contracts';
import { autoCaptions, punctuatedCaptions } from './caption-builders';
import { LECTURE_TEXT } from './memory-lecture';

/** The memory lecture as a person captions it, punctuated. */
export const punctuatedLecture: TranscriptSegment[] = punctuatedCaptions(LECTURE_TEXT);
/** The memory lecture as speech recognition captions it: lower case, no punctuation. */
export const autoCaptionLecture: TranscriptSegment[] = autoCaptions(LECTURE_TEXT);
