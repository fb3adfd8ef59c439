import type { VideoSummary } from '@lectern/contracts';

/** The library search: case-insensitive, on title or channel name. */
export function filterLibrary<T extends Pick<VideoSummary, 'title' | 'channelName'>>(
  videos: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...videos];
  return videos.filter(
    (video) =>
      (video.title ?? '').toLowerCase().includes(needle) ||
      (video.channelName ?? '').toLowerCase().includes(needle),
  );
}
