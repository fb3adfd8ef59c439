import type { Video } from '@lectern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { deleteVideo, fetchTranscript, getVideo, listVideos, saveNotes, transcribeAudio } from '@/api/videos';

export const videosQuery = queryOptions({ queryKey: queryKeys.videos.list(), queryFn: listVideos });

export const videoQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.videos.detail(id), queryFn: () => getVideo(id) });

export function useVideos() {
  return useQuery(videosQuery);
}

export function useVideo(id: string) {
  return useQuery(videoQuery(id));
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.videos.detail(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.videos.list() });
    },
  });
}

export function useFetchTranscript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (youtubeUrl: string) => fetchTranscript({ youtubeUrl }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.videos.list() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
      ]);
    },
  });
}

/** Transcribing a captionless video's audio: its entry is in the library at once, its transcript comes later. */
export function useTranscribeAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (youtubeUrl: string) => transcribeAudio({ youtubeUrl }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.videos.list() });
    },
  });
}

export function useSaveNotes(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => saveNotes(videoId, { notes }),
    onSuccess: async (_answer, notes) => {
      queryClient.setQueryData<Video>(queryKeys.videos.detail(videoId), (video) =>
        video ? { ...video, notes } : video,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
  });
}
