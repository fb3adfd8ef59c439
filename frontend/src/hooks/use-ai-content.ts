import type { AiContentItem, GenerateRequest } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { listAiContent, streamAiContent } from '@/api/ai';
import { queryKeys } from '@/api/query-keys';

export const aiContentQuery = (videoId: string) =>
  queryOptions({ queryKey: queryKeys.aiContent(videoId), queryFn: () => listAiContent(videoId) });

export function useAiContent(videoId: string) {
  return useQuery(aiContentQuery(videoId));
}

/**
 * The newest generation replaces the displayed one. Its text arrives as it is written: `streamedText` is what
 * has been written so far of the generation in flight (empty before its first words and after it ends).
 */
export function useGenerateAiContent(videoId: string) {
  const queryClient = useQueryClient();
  const [streamedText, setStreamedText] = useState('');
  const mutation = useMutation({
    mutationFn: (body: Omit<GenerateRequest, 'videoId'>) => {
      setStreamedText('');
      return streamAiContent(
        { ...body, videoId },
        {
          onDelta: (text) => setStreamedText((written) => written + text),
          onReset: () => setStreamedText(''),
        },
      );
    },
    onSuccess: async (item) => {
      queryClient.setQueryData<AiContentItem[]>(queryKeys.aiContent(videoId), (items) => [
        ...(items ?? []).filter((existing) => existing.id !== item.id),
        item,
      ]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
    // The stream broke off or ended in an error, yet the gateway may have stored (and counted) the item after all.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.aiContent(videoId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
    onSettled: () => setStreamedText(''),
  });
  return { ...mutation, streamedText };
}
