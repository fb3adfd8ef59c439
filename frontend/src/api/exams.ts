import type { ExamDate, ExamPace, UpcomingExam } from '@lectern/contracts';
import { getJson, requestJson } from '@/api/http';

/** Sets the day of the video's exam (`YYYY-MM-DD`, UTC), or clears it with null. */
export function saveExamDate(videoId: string, date: string | null): Promise<ExamDate> {
  return requestJson<ExamDate>('PUT', `/api/videos/${encodeURIComponent(videoId)}/exam`, { date });
}

/** How the video's review stands before its exam: days and cards left, and whether the pace is enough. */
export function getExamPace(videoId: string): Promise<ExamPace> {
  return getJson<ExamPace>(`/api/review/exam?videoId=${encodeURIComponent(videoId)}`);
}

/** The pace before every exam still to come across the library's videos and courses, soonest first. */
export function getUpcomingExams(): Promise<UpcomingExam[]> {
  return getJson<UpcomingExam[]>('/api/review/exams');
}
