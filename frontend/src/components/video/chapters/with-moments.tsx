import type { ReactNode } from 'react';
import { useTranscriptSeek } from '@/components/video/transcript-seek';

/** What the chapters and the mind map need of the page: where the video is, and a way to go to a moment. */
export interface Moments {
  currentTime: number;
  onSeek: (seconds: number) => void;
}

/**
 * Today's moments on the video page: a moment opened shows it in the transcript, and the last one opened is
 * where the video "is". Where the page has a player, its `currentTime` and `seekTo` take this place.
 */
export function WithMoments({ children }: { children: (moments: Moments) => ReactNode }) {
  const { target, seek } = useTranscriptSeek();
  return <>{children({ currentTime: target?.start ?? 0, onSeek: seek })}</>;
}
