import type { UploadTranscription, Video } from '@lectern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/api/query-keys';
import { getTranscription, retryTranscription } from '@/api/uploads';

/** How often the page asks how the transcription goes while it is queued or running. */
export const TRANSCRIPTION_POLL_MS = 2000;

const settled = (status: UploadTranscription | undefined) =>
  status?.state === 'done' || status?.state === 'failed';

/**
 * How the transcription of an uploaded recording goes, asked again every few seconds until it is done or failed
 * (`enabled` false for a YouTube video). When it is done, the video is read again: its transcript is there now.
 */
export function useUploadTranscription(videoId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.videos.transcription(videoId),
    queryFn: () => getTranscription(videoId),
    enabled,
    refetchInterval: (current) => (settled(current.state.data) ? false : TRANSCRIPTION_POLL_MS),
  });
  const state = query.data?.state;
  useEffect(() => {
    if (state !== 'done') return;
    const video = queryClient.getQueryData<Video>(queryKeys.videos.detail(videoId));
    // Read while the transcript was being written: read it again, now with its words.
    if (video && video.transcriptSegments.length > 0) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.videos.detail(videoId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.videos.list() });
  }, [state, queryClient, videoId]);
  return query;
}

/** Tries a failed transcription again: the answer (queued) replaces the failure, so the page watches it once more. */
export function useRetryTranscription(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryTranscription(videoId),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.videos.transcription(videoId), status),
  });
}
