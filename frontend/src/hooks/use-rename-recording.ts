import type { Video } from '@lectern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { renameRecording } from '@/api/uploads';

/** Renames an uploaded recording: its page and the library show the new title. */
export function useRenameRecording(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => renameRecording(videoId, { title }),
    onSuccess: async ({ title }) => {
      queryClient.setQueryData<Video>(queryKeys.videos.detail(videoId), (video) =>
        video ? { ...video, title } : video,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.videos.list() });
    },
  });
}
