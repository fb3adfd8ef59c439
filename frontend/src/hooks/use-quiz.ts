import type { QuizAttemptRequest, QuizSettings } from '@lectern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import {
  getQuiz,
  getQuizSettings,
  listQuizAttempts,
  reviewQuizQuestion,
  saveQuizSettings,
  submitQuizAttempt,
} from '@/api/quizzes';

/** The video's quiz, read for the stored item on show (`itemId`), so a regenerated quiz is read again. */
export function useQuiz(videoId: string, itemId: string) {
  return useQuery({ queryKey: queryKeys.quizzes.quiz(videoId, itemId), queryFn: () => getQuiz(videoId) });
}

export function useQuizAttempts(videoId: string) {
  return useQuery({
    queryKey: queryKeys.quizzes.attempts(videoId),
    queryFn: () => listQuizAttempts(videoId),
  });
}

/**
 * An attempt is listed with the others; its answers may have rated cards or (by the setting) added some, so
 * every review list and count is read again.
 */
export function useSubmitQuizAttempt(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, answers }: { quizId: string; answers: QuizAttemptRequest['answers'] }) =>
      submitQuizAttempt(quizId, { answers }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.attempts(videoId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
    },
  });
}

/** A question brought into review: the due lists, the count and the exam's pace change with it. */
export function useReviewQuizQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, questionId }: { quizId: string; questionId: string }) =>
      reviewQuizQuestion(quizId, questionId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}

export function useQuizSettings() {
  return useQuery({ queryKey: queryKeys.quizzes.settings, queryFn: getQuizSettings });
}

export function useSaveQuizSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: QuizSettings) => saveQuizSettings(settings),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.quizzes.settings, saved),
  });
}
