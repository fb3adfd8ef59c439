import { formatTimestamp, type AnswerCitation, type TranscriptSegment } from '@lectern/contracts';
import { TranscriptIndex } from '@lectern/offline-engine';

/** One lecture's transcript, in the course's order. */
export interface CourseLectureTranscript {
  /** Its number in the course's order, from 1. */
  number: number;
  videoId: string;
  segments: readonly TranscriptSegment[];
  language: string | null;
}

/** Where a lecture lies on the course's timeline: its first segment, and the seconds its moments are shifted by. */
interface LectureSpan {
  number: number;
  videoId: string;
  firstSegment: number;
  offset: number;
}

// Lectures are laid end to end at least this far apart, on whole minutes, so no moment of one is near another's.
const GAP_SECONDS = 60;

/**
 * Every lecture of a course laid end to end on one timeline, so that one TranscriptIndex ranks passages across the
 * whole course and both engines answer from it as from one long video; each moment of that timeline is then read
 * back as its lecture and the moment in that lecture.
 */
export class CourseIndex {
  readonly index: TranscriptIndex;
  private readonly spans: LectureSpan[] = [];
  // Each segment's own start in its lecture: shifting back by the offset would not give it exactly.
  private readonly lectureStarts: number[] = [];

  constructor(lectures: readonly CourseLectureTranscript[]) {
    const segments: TranscriptSegment[] = [];
    let offset = 0;
    for (const lecture of lectures) {
      this.spans.push({
        number: lecture.number,
        videoId: lecture.videoId,
        firstSegment: segments.length,
        offset,
      });
      let last = 0;
      for (const segment of lecture.segments) {
        segments.push({ ...segment, start: segment.start + offset });
        this.lectureStarts.push(segment.start);
        last = Math.max(last, segment.start);
      }
      offset += Math.ceil((last + GAP_SECONDS) / GAP_SECONDS) * GAP_SECONDS;
    }
    const languages = new Set(lectures.map((lecture) => lecture.language));
    this.index = new TranscriptIndex(segments, languages.size === 1 ? (lectures[0]?.language ?? null) : null);
  }

  /** What the index holds in memory (the index cache's measure). */
  get bytes(): number {
    return this.index.bytes;
  }

  /** How the answer shows a segment of the course's timeline: `Lecture 3, 12:34`. */
  labelOf(segment: number): string {
    const span = this.spanOfSegment(segment);
    return `Lecture ${span.number}, ${formatTimestamp(this.lectureStarts[segment] ?? 0)}`;
  }

  /** A citation of the course's timeline as its lecture's: that video and the moment in it. */
  lectureCitation(citation: AnswerCitation): AnswerCitation {
    const segment = this.segmentStartingAt(citation.start);
    return {
      videoId: this.spanOfSegment(segment).videoId,
      start: this.lectureStarts[segment] ?? 0,
      text: citation.text,
    };
  }

  /** The first segment starting at that moment of the course's timeline (citations cite segments' starts). */
  private segmentStartingAt(start: number): number {
    const segments = this.index.segments;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((segments[middle]?.start ?? 0) < start) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private spanOfSegment(segment: number): LectureSpan {
    let found = this.spans[0] as LectureSpan;
    for (const span of this.spans) if (span.firstSegment <= segment) found = span;
    return found;
  }
}
