import type { Course, CourseLecture, CourseSummary } from '@lectern/contracts';
import type { CourseLectureRow, CourseSummaryRow } from '@lectern/db';

/** A course as the list shows it. */
export function courseSummary(row: CourseSummaryRow): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    examDate: row.exam_date,
    playlistId: row.playlist_id,
    lectureCount: row.lecture_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A course with its lectures, numbered 1, 2, 3… in their order. */
export function courseWithLectures(row: CourseSummaryRow, lectures: CourseLectureRow[]): Course {
  return {
    ...courseSummary(row),
    lectureCount: lectures.length,
    lectures: lectures.map((lecture, index): CourseLecture => ({
      number: index + 1,
      videoId: lecture.video_id,
      youtubeId: lecture.youtube_id,
      title: lecture.title,
      duration: lecture.duration,
      state: lecture.state,
      message: lecture.message,
    })),
    notices: row.notices,
  };
}
