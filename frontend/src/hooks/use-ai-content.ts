import type { AiContentItem, GenerateRequest } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generateAiContent, listAiContent } from '@/api/ai';
import { queryKeys } from '@/api/query-keys';

export const aiContentQuery = (videoId: string) =>
  queryOptions({ queryKey: queryKeys.aiContent(videoId), queryFn: () => listAiContent(videoId) });

export function useAiContent(videoId: string) {
  return useQuery(aiContentQuery(videoId));
}

/** The newest generation replaces the displayed one. */
export function useGenerateAiContent(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<GenerateRequest, 'videoId'>) => generateAiContent({ ...body, videoId }),
    onSuccess: async (item) => {
      queryClient.setQueryData<AiContentItem[]>(queryKeys.aiContent(videoId), (items) => [
        ...(items ?? []).filter((existing) => existing.id !== item.id),
        item,
      ]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
  });
}
