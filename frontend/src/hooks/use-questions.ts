import type { AiQuestion } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { askQuestion, deleteQuestion, listQuestions } from '@/api/questions';
import { queryKeys } from '@/api/query-keys';

export const questionsQuery = (videoId: string) =>
  queryOptions({ queryKey: queryKeys.questions(videoId), queryFn: () => listQuestions(videoId) });

/** The video's thread of questions and answers, newest last. */
export function useQuestions(videoId: string) {
  return useQuery(questionsQuery(videoId));
}

/** An answered question joins the end of the thread; a Free user's remaining questions change. */
export function useAskQuestion(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: string) => askQuestion({ videoId, question }),
    onSuccess: async (answered) => {
      queryClient.setQueryData<AiQuestion[]>(queryKeys.questions(videoId), (items) => [
        ...(items ?? []).filter((existing) => existing.id !== answered.id),
        answered,
      ]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
  });
}

export function useDeleteQuestion(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<AiQuestion[]>(queryKeys.questions(videoId), (items) =>
        (items ?? []).filter((existing) => existing.id !== id),
      ),
  });
}
