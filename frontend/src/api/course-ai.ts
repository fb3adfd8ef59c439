import type { CourseAiContentItem, CourseGenerateRequest } from '@lectern/contracts';
import { getJson, requestJson } from '@/api/http';

/** The newest outline and summary of a course (those it has). */
export function listCourseAiContent(courseId: string): Promise<CourseAiContentItem[]> {
  return getJson<CourseAiContentItem[]>(`/api/ai/course-content/${encodeURIComponent(courseId)}`);
}

/** Writes the course's outline or summary (`POST /api/ai/generate` with a `courseId`); answered once stored. */
export function generateCourseAiContent(body: CourseGenerateRequest): Promise<CourseAiContentItem> {
  return requestJson<CourseAiContentItem>('POST', '/api/ai/generate', body);
}
