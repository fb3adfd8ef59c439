import { NotFoundException } from '@nestjs/common';
import type { Course } from '@lectern/contracts';
import type { Response } from 'express';
import { EventStream } from '../http/event-stream';
import type { CourseChanges } from './course-changes';

/** A change whose message Redis lost is still shown this long after it (the course is read again). */
const REREAD_EVERY_MS = 30_000;

const importing = (course: Course) =>
  course.lectures.some((lecture) => lecture.state === 'waiting' || lecture.state === 'fetching');

/**
 * `GET /api/courses/:id/events`: the course (`Course`) as a `course` event now and at each change its import
 * makes (told by any gateway through CourseChanges), then `done` with the course once no lecture waits or is
 * being fetched. A course that is not the user's is a plain 404 before any event; one deleted meanwhile ends with
 * an `error` event.
 */
export async function streamCourse(
  res: Response,
  changes: CourseChanges,
  courseId: string,
  read: () => Promise<Course>,
): Promise<void> {
  let wake: (() => void) | null = null;
  let changed = false;
  // Listening before the first read: a change made while it is read is not missed.
  const stopListening = changes.listen(courseId, () => {
    changed = true;
    wake?.();
  });
  try {
    let course = await read();
    const events = new EventStream(res);
    let sent = '';
    while (!events.signal.aborted) {
      const json = JSON.stringify(course);
      if (!importing(course)) {
        events.sendJson('done', json);
        break;
      }
      if (json !== sent) events.sendJson('course', json);
      sent = json;
      if (!changed)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, REREAD_EVERY_MS);
          events.signal.addEventListener('abort', done, { once: true });
          wake = done;
          function done() {
            clearTimeout(timer);
            events.signal.removeEventListener('abort', done);
            wake = null;
            resolve();
          }
        });
      changed = false;
      if (events.signal.aborted) break;
      try {
        course = await read();
      } catch (error) {
        if (!(error instanceof NotFoundException)) throw error;
        events.send('error', { message: error.message });
        break;
      }
    }
    events.end();
  } finally {
    stopListening();
  }
}
