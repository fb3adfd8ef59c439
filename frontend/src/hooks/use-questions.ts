import type { AiQuestion } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { askQuestion, deleteQuestion, listQuestions, type AskSubject } from '@/api/questions';
import { queryKeys } from '@/api/query-keys';

const threadKey = (subject: AskSubject) =>
  'courseId' in subject ? queryKeys.courseQuestions(subject.courseId) : queryKeys.questions(subject.videoId);

export const questionsQuery = (subject: AskSubject) =>
  queryOptions({ queryKey: threadKey(subject), queryFn: () => listQuestions(subject) });

/** The video's or the course's thread of questions and answers, newest last. */
export function useQuestions(subject: AskSubject) {
  return useQuery(questionsQuery(subject));
}

/**
 * An answered question joins the end of the thread; a Free user's remaining questions change. The answer arrives
 * as it is written: `streamedText` is what has been written so far of the answer in flight.
 */
export function useAskQuestion(subject: AskSubject) {
  const queryClient = useQueryClient();
  const [streamedText, setStreamedText] = useState('');
  const mutation = useMutation({
    mutationFn: (question: string) => {
      setStreamedText('');
      return askQuestion(
        { ...subject, question },
        {
          onDelta: (text) => setStreamedText((written) => written + text),
          onReset: () => setStreamedText(''),
        },
      );
    },
    onSuccess: (answered) => {
      queryClient.setQueryData<AiQuestion[]>(threadKey(subject), (items) => [
        ...(items ?? []).filter((existing) => existing.id !== answered.id),
        answered,
      ]);
      // Not awaited: the answer in progress must give way to the stored one at once, not after the usage reload.
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
    // The stream broke off or ended in an error, yet the gateway may have stored (and counted) the answer after all.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: threadKey(subject) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
    onSettled: () => setStreamedText(''),
  });
  return { ...mutation, streamedText };
}

export function useDeleteQuestion(subject: AskSubject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<AiQuestion[]>(threadKey(subject), (items) =>
        (items ?? []).filter((existing) => existing.id !== id),
      ),
  });
}
