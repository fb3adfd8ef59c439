import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { saveVideoProgress } from '@/api/courses';
import { queryKeys } from '@/api/query-keys';
import { usePlayerControls, usePlayerSelector } from '@/components/video/player/player-context';
import { PROGRESS_REPORT_SECONDS, ProgressReports } from '@/lib/progress-reports';

/**
 * Saves where the user is in the video (every 15 seconds of play and on pause), for the courses' "Continue" and
 * time left. A save that fails is dropped: the next one carries the position.
 */
export function ReportWatchedPosition({ videoId }: { videoId: string }) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (position: number) => saveVideoProgress(videoId, { position }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.courses.all }),
  });
  const { getCurrentTime } = usePlayerControls();
  const playing = usePlayerSelector((_, isPlaying) => isPlaying);
  // Re-renders once per stretch of play, not on every tick of the clock.
  const stretch = usePlayerSelector((time) => Math.floor(time / PROGRESS_REPORT_SECONDS));
  const reports = useRef(new ProgressReports());

  useEffect(() => {
    const position = reports.current.next(getCurrentTime(), playing);
    if (position !== null) mutate(position);
  }, [playing, stretch, getCurrentTime, mutate]);

  return null;
}
