import type { CaptionTrackChoice, Video } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { chooseTrack, getVideoTracks } from '@/api/videos';

export const videoTracksQuery = (videoId: string) =>
  queryOptions({ queryKey: queryKeys.videos.tracks(videoId), queryFn: () => getVideoTracks(videoId) });

export function useVideoTracks(videoId: string) {
  return useQuery(videoTracksQuery(videoId));
}

/** Switches the video to another caption track; the answer replaces the video on screen. */
export function useChooseTrack(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: CaptionTrackChoice) => chooseTrack(videoId, choice),
    onSuccess: async ({ video }) => {
      queryClient.setQueryData<Video>(queryKeys.videos.detail(videoId), video);
      await queryClient.invalidateQueries({ queryKey: queryKeys.videos.tracks(videoId) });
    },
  });
}
