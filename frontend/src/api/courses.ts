import type {
  Course,
  CourseSummary,
  CreateCourseRequest,
  SaveVideoProgressRequest,
  UpdateCourseRequest,
  VideoProgress,
} from '@lectern/contracts';
import { getJson, requestJson, requestVoid } from '@/api/http';

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
