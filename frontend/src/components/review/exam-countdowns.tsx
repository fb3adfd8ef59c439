import { Link } from 'react-router-dom';
import { ExamCountdown } from '@/components/review/exam-countdown';
import { useCourses } from '@/hooks/use-courses';
import { useUpcomingExams } from '@/hooks/use-exam';
import { useVideos } from '@/hooks/use-videos';
import { buildRoute } from '@/routes';

/**
 * The videos and courses with an exam still to come, soonest first: each one's countdown, cards left (a course's
 * over all its lectures) and pace, with a link to the video or the course page.
 */
export function ExamCountdowns() {
  const videos = useVideos();
  const courses = useCourses();
  const exams = useUpcomingExams();
  const videoTitles = new Map((videos.data ?? []).map((video) => [video.id, video.title]));
  const courseTitles = new Map((courses.data ?? []).map((course) => [course.id, course.title]));
  const withExam = (exams.data ?? []).flatMap((pace) => {
    const [key, title, to] =
      'courseId' in pace
        ? [`course-${pace.courseId}`, courseTitles.get(pace.courseId), buildRoute.course(pace.courseId)]
        : [`video-${pace.videoId}`, videoTitles.get(pace.videoId), buildRoute.video(pace.videoId)];
    return title === undefined ? [] : [{ key, title: title?.trim() || 'Untitled', to, pace }];
  });
  if (withExam.length === 0) return null;
  return (
    <section aria-labelledby="exams-title" className="space-y-3">
      <h2 id="exams-title" className="text-lg font-semibold">
        Before your exams
      </h2>
      <ul className="grid gap-3">
        {withExam.map(({ key, title, to, pace }) => (
          <li key={key} className="space-y-2 rounded-lg border p-4">
            <Link to={to} className="font-medium underline-offset-4 hover:underline">
              {title}
            </Link>
            <ExamCountdown pace={pace} />
          </li>
        ))}
      </ul>
    </section>
  );
}
