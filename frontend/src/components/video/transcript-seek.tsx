import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** A request to show one moment of the transcript; `nonce` tells two requests for the same moment apart. */
export interface SeekTarget {
  start: number;
  nonce: number;
}

interface TranscriptSeek {
  target: SeekTarget | null;
  seek: (start: number) => void;
}

const SeekContext = createContext<TranscriptSeek>({ target: null, seek: () => undefined });

/** Lets anything on the video page (an answer's cited moments) scroll the transcript to a moment and flash it. */
export function TranscriptSeekProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<SeekTarget | null>(null);
  const seek = useCallback(
    (start: number) => setTarget((previous) => ({ start, nonce: (previous?.nonce ?? 0) + 1 })),
    [],
  );
  const value = useMemo(() => ({ target, seek }), [target, seek]);
  return <SeekContext.Provider value={value}>{children}</SeekContext.Provider>;
}

export function useTranscriptSeek(): TranscriptSeek {
  return useContext(SeekContext);
}

/** The segment a moment falls in: the last one starting at or before it (moments are written in whole seconds). */
export function segmentAtMoment(segments: ReadonlyArray<{ start: number }>, seconds: number): number {
  let found = 0;
  for (let index = 0; index < segments.length; index += 1) {
    if (Math.floor(segments[index]?.start ?? 0) <= seconds) found = index;
    else break;
  }
  return found;
}
