import { useCallback, type ReactNode } from 'react';
import { usePlayerControls, usePlayerSelector } from '@/components/video/player/player-context';

/** What the chapters need of the page: where the video is, and a way to go to a moment. */
export interface Moments {
  currentTime: number;
  onSeek: (seconds: number) => void;
}

/** Plays the page's video from a moment (and shows it in the transcript). */
function useSeekAndPlay(): (seconds: number) => void {
  const { seekTo } = usePlayerControls();
  return useCallback((seconds: number) => seekTo(seconds, { play: true }), [seekTo]);
}

/**
 * The player's moments for the chapters: where the video is, in whole seconds (so the list re-renders once a
 * second while playing, not on every tick), and a seek that plays from there.
 */
export function WithMoments({ children }: { children: (moments: Moments) => ReactNode }) {
  const currentTime = usePlayerSelector((time) => Math.floor(time));
  const onSeek = useSeekAndPlay();
  return <>{children({ currentTime, onSeek })}</>;
}

/** Only the seek, for parts that never show where the video is (the mind map is not redrawn as it plays). */
export function WithSeek({ children }: { children: (onSeek: (seconds: number) => void) => ReactNode }) {
  return <>{children(useSeekAndPlay())}</>;
}
