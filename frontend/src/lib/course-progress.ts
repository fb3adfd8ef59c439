import type { CourseLecture, LectureState } from '@lectern/contracts';

/** Watched to within this many seconds of its end, a lecture counts as finished (its credits are not watched). */
export const FINISHED_MARGIN_SECONDS = 30;

/** While a lecture is waiting or fetching and its event stream fails, the course page reads the course again every few seconds. */
export const IMPORT_POLL_MS = 3000;

/** What a lecture's state is called on the course page. */
export const LECTURE_STATE_LABELS: Record<LectureState, string> = {
  waiting: 'Waiting',
  fetching: 'Fetching transcript',
  ready: 'Ready',
  failed: 'Failed',
  limited: 'Waiting for next month or Pro',
};

/** True while an import still has lectures to analyse. */
export function isImporting(lectures: readonly Pick<CourseLecture, 'state'>[]): boolean {
  return lectures.some((lecture) => lecture.state === 'waiting' || lecture.state === 'fetching');
}

type TimedLecture = Pick<CourseLecture, 'duration' | 'watchedPosition'>;

export function isFinished(lecture: TimedLecture): boolean {
  return (
    lecture.duration !== null &&
    lecture.watchedPosition !== null &&
    lecture.watchedPosition >= lecture.duration - FINISHED_MARGIN_SECONDS
  );
}

/** Seconds of the lecture still to watch (0 once finished; its whole length before it is started). */
function secondsLeft(lecture: TimedLecture): number {
  if (lecture.duration === null || isFinished(lecture)) return 0;
  return Math.max(0, lecture.duration - (lecture.watchedPosition ?? 0));
}

/** Seconds left to watch in the course, over the lectures whose length is known. */
export function courseTimeLeft(lectures: readonly TimedLecture[]): number {
  return lectures.reduce((total, lecture) => total + secondsLeft(lecture), 0);
}

/** Where to go on: the lecture and the second to open it at. */
export interface ContinuePoint {
  lecture: CourseLecture & { videoId: string };
  seconds: number;
}

const playable = (lecture: CourseLecture): lecture is CourseLecture & { videoId: string } =>
  lecture.state === 'ready' && lecture.videoId !== null;

/**
 * The furthest lecture started, at its watched position; once it is finished, the next ready lecture from its
 * start. Null before any lecture is started, or when every started one is finished and nothing ready follows.
 */
export function continuePoint(lectures: readonly CourseLecture[]): ContinuePoint | null {
  const started = lectures.findLastIndex((lecture) => playable(lecture) && lecture.watchedPosition !== null);
  if (started === -1) return null;
  const lecture = lectures[started]!;
  if (playable(lecture) && !isFinished(lecture)) return { lecture, seconds: lecture.watchedPosition ?? 0 };
  const next = lectures.slice(started + 1).find(playable);
  return next ? { lecture: next, seconds: 0 } : null;
}

/** "2 h 5 min", "12 min", "under a minute". */
export function formatTimeLeft(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes === 0) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The course's library videos in order with one moved a place up (-1) or down (+1); the order unchanged at an
 * end. Lectures still on their way into the library keep their places after them on the server.
 */
export function movedVideoIds(lectures: readonly CourseLecture[], videoId: string, by: -1 | 1): string[] {
  const ids = lectures.flatMap((lecture) => (lecture.videoId === null ? [] : [lecture.videoId]));
  const from = ids.indexOf(videoId);
  const to = from + by;
  if (from === -1 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
