import type { Course, CourseLecture, CourseSummary } from '@lectern/contracts';
import type { CourseLectureRow, CourseSummaryRow, LectureStudyRow } from '@lectern/db';

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

function quizScore(score: number | null, total: number | null): CourseLecture['bestQuizScore'] {
  return score === null || total === null ? null : { score, total };
}

/** A course with its lectures, numbered 1, 2, 3… in their order, with the user's study of each when given. */
export function courseWithLectures(
  row: CourseSummaryRow,
  lectures: CourseLectureRow[],
  study: LectureStudyRow[] = [],
): Course {
  const studyOf = new Map(study.map((entry) => [entry.video_id, entry]));
  return {
    ...courseSummary(row),
    lectureCount: lectures.length,
    lectures: lectures.map((lecture, index): CourseLecture => {
      const studied = lecture.video_id === null ? undefined : studyOf.get(lecture.video_id);
      return {
        number: index + 1,
        videoId: lecture.video_id,
        youtubeId: lecture.youtube_id,
        title: lecture.title,
        duration: lecture.duration,
        state: lecture.state,
        message: lecture.message,
        watchedPosition: studied?.position ?? null,
        cardsDue: studied?.cards_due ?? 0,
        bestQuizScore: quizScore(studied?.best_score ?? null, studied?.best_total ?? null),
        lastQuizScore: quizScore(studied?.last_score ?? null, studied?.last_total ?? null),
      };
    }),
    notices: row.notices,
  };
}
