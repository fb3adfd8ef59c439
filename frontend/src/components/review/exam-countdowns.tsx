import { Link } from 'react-router-dom';
import { ExamCountdown } from '@/components/review/exam-countdown';
import { useUpcomingExams } from '@/hooks/use-exam';
import { useVideos } from '@/hooks/use-videos';
import { buildRoute } from '@/routes';

/** The library's videos with an exam still to come, soonest first: each one's countdown, cards left and pace. */
export function ExamCountdowns() {
  const videos = useVideos();
  const exams = useUpcomingExams();
  const titles = new Map((videos.data ?? []).map((video) => [video.id, video]));
  const withExam = (exams.data ?? []).flatMap((pace) => {
    const video = titles.get(pace.videoId);
    return video ? [{ video, pace }] : [];
  });
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
