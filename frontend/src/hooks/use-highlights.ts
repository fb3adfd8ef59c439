import type { CreateHighlightRequest } from '@lectern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createHighlight, deleteHighlight } from '@/api/highlights';
import { queryKeys } from '@/api/query-keys';

/** Both refetch the video on success, as its highlights come with it. */
export function useCreateHighlight(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateHighlightRequest, 'videoId'>) => createHighlight({ ...body, videoId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.videos.detail(videoId) }),
  });
}

export function useDeleteHighlight(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHighlight,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.videos.detail(videoId) }),
  });
}
