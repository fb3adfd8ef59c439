import type {
  Course,
  CourseSummary,
  CreateCourseRequest,
  SaveVideoProgressRequest,
  UpdateCourseRequest,
  VideoProgress,
} from '@lectern/contracts';
import { cutShort, serverEvents } from '@/api/event-stream';
import { getJson, requestJson, requestVoid, throwIfNotOk } from '@/api/http';

const coursePath = (id: string) => `/api/courses/${encodeURIComponent(id)}`;

export function listCourses(): Promise<CourseSummary[]> {
  return getJson<CourseSummary[]>('/api/courses');
}

export function getCourse(id: string): Promise<Course> {
  return getJson<Course>(coursePath(id));
}

export function createCourse(body: CreateCourseRequest): Promise<Course> {
  return requestJson<Course>('POST', '/api/courses', body);
}

/** Answers at once (202) with the course; its lectures are analysed one after another. */
export function importPlaylist(playlistUrl: string): Promise<Course> {
  return requestJson<Course>('POST', '/api/courses/import', { playlistUrl });
}

/**
 * Follows the course while its import runs (`GET /api/courses/:id/events`): `onCourse` is given the course at each
 * change; the promise resolves with the course once no lecture is left to analyse, and rejects when the stream
 * fails or ends early (the page then reads the course again every few seconds instead).
 */
export async function followCourse(
  id: string,
  onCourse: (course: Course) => void,
  signal: AbortSignal,
): Promise<Course> {
  const res = await fetch(`${coursePath(id)}/events`, {
    headers: { Accept: 'text/event-stream' },
    credentials: 'include',
    signal,
  });
  await throwIfNotOk(res);
  if (!res.body) throw cutShort();
  for await (const event of serverEvents(res.body)) {
    if (event.event === 'course') onCourse(JSON.parse(event.data) as Course);
    else if (event.event === 'done') return JSON.parse(event.data) as Course;
    else if (event.event === 'error') break;
  }
  throw cutShort();
}

export function updateCourse(id: string, body: UpdateCourseRequest): Promise<Course> {
  return requestJson<Course>('PATCH', coursePath(id), body);
}

/** The course's library videos become these, in this order. */
export function setCourseLectures(id: string, videoIds: string[]): Promise<Course> {
  return requestJson<Course>('PUT', `${coursePath(id)}/lectures`, { videoIds });
}

export function deleteCourse(id: string): Promise<void> {
  return requestVoid('DELETE', coursePath(id));
}

export function saveVideoProgress(videoId: string, body: SaveVideoProgressRequest): Promise<VideoProgress> {
  return requestJson<VideoProgress>('PUT', `/api/videos/${encodeURIComponent(videoId)}/progress`, body);
}
