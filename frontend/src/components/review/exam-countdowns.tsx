import { Link } from 'react-router-dom';
import { ExamCountdown } from '@/components/review/exam-countdown';
import { useExamPaces } from '@/hooks/use-exam';
import { useVideos } from '@/hooks/use-videos';
import { buildRoute } from '@/routes';

/**
 * The library's videos with an exam date, soonest first: each one's countdown, cards left and pace. Every video's
 * pace is asked for (the library list does not carry exam dates); those without a date show nothing.
 */
export function ExamCountdowns() {
  const videos = useVideos();
  const list = videos.data ?? [];
  const paces = useExamPaces(list.map((video) => video.id));
  const withExam = list
    .flatMap((video, at) => {
      const pace = paces[at]?.data;
      return pace?.examDate ? [{ video, pace, examDate: pace.examDate }] : [];
    })
    .sort((a, b) => a.examDate.localeCompare(b.examDate));
  if (withExam.length === 0) return null;
  return (
    <section aria-labelledby="exams-title" className="space-y-3">
      <h2 id="exams-title" className="text-lg font-semibold">
        Before your exams
      </h2>
      <ul className="grid gap-3">
        {withExam.map(({ video, pace }) => (
          <li key={video.id} className="space-y-2 rounded-lg border p-4">
            <Link to={buildRoute.video(video.id)} className="font-medium underline-offset-4 hover:underline">
              {video.title?.trim() || 'Untitled'}
            </Link>
            <ExamCountdown pace={pace} />
          </li>
        ))}
      </ul>
    </section>
  );
}
