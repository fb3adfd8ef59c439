import { NotFoundException } from '@nestjs/common';
import { ParseIdPipe } from '../http/parse-id.pipe';

/** The answer for a course id that is not one of the user's courses (or not an id at all). */
export const COURSE_NOT_FOUND = 'Course not found.';

/** Reads a course id from a route or a query: anything that is not one of ours is 'Course not found.' (404). */
export const courseIdPipe = new ParseIdPipe(COURSE_NOT_FOUND);

export function courseIdOr404(id: string): string {
  return courseIdPipe.transform(id);
}

export function courseOr404<T>(found: T | null | undefined | false): Exclude<T, false | null | undefined> {
  if (!found) throw new NotFoundException(COURSE_NOT_FOUND);
  return found as Exclude<T, false | null | undefined>;
}
