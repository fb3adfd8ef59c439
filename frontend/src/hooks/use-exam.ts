import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getExamPace, getUpcomingExams, saveExamDate } from '@/api/exams';
import { queryKeys } from '@/api/query-keys';

// The pace changes with the clock and with every rating: read afresh whenever a screen shows it.
const examPaceQuery = (videoId: string) => ({
  queryKey: queryKeys.review.exam(videoId),
  queryFn: () => getExamPace(videoId),
  staleTime: 0,
});

export function useExamPace(videoId: string) {
  return useQuery(examPaceQuery(videoId));
}

/** The pace before every exam still to come across the library's videos and courses, soonest first. */
export function useUpcomingExams() {
  return useQuery({ queryKey: queryKeys.review.exams, queryFn: getUpcomingExams, staleTime: 0 });
}

/** A new exam date brings cards forward: the pace and every due list are read again. */
export function useSaveExamDate(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string | null) => saveExamDate(videoId, date),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}
