import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  PLAYER_HOST,
  PLAYER_STATE,
  loadIframeApi,
  type YouTubePlayer,
} from '@/components/video/player/youtube-iframe-api';

/** `loading` until YouTube's player is ready; `unavailable` when it could not load or may not play here. */
export type PlayerStatus = 'loading' | 'ready' | 'unavailable';

export interface SeekOptions {
  /** Start playing from there (a moment clicked); otherwise the player keeps playing or paused as it was. */
  play?: boolean;
  /** Show the moment in the transcript too (default); the transcript's own rows need not. */
  reveal?: boolean;
}

/**
 * The video page's player, for everything that shows a moment. Stable between renders except `status`:
 * components that only seek never re-render while the video plays.
 */
export interface PlayerControls {
  /** False outside a video page (review, library): moments there are links that open the video page. */
  onPage: boolean;
  /** False on a page without a player (an uploaded recording): a moment there shows its place in the transcript. */
  playable: boolean;
  status: PlayerStatus;
  /** One line saying why the player is unavailable. */
  problem: string | null;
  /** Plays from `seconds` and shows that moment in the transcript; before the player is ready, it starts there. */
  seekTo: (seconds: number, options?: SeekOptions) => void;
  /** Where the video is now, in seconds (read on demand: no re-render). */
  getCurrentTime: () => number;
  /** Moves by `delta` seconds from where the video is (never before 0). */
  seekBy: (delta: number) => void;
  play: () => void;
  pause: () => void;
  togglePlay: () => void;
}

/** Where the video is, read without re-rendering anything that does not ask for it. */
interface PlayerClock {
  subscribe: (listener: () => void) => () => void;
  time: () => number;
  playing: () => boolean;
}

/** What `usePlayer()` answers: the controls, and where the video is (re-rendering as it plays). */
export interface Player extends PlayerControls {
  currentTime: number;
  playing: boolean;
}

const OFF_PAGE: PlayerControls = {
  onPage: false,
  playable: true,
  status: 'unavailable',
  problem: null,
  seekTo: () => undefined,
  getCurrentTime: () => 0,
  seekBy: () => undefined,
  play: () => undefined,
  pause: () => undefined,
  togglePlay: () => undefined,
};
const STOPPED_CLOCK: PlayerClock = { subscribe: () => () => undefined, time: () => 0, playing: () => false };

const ControlsContext = createContext<PlayerControls>(OFF_PAGE);
const ClockContext = createContext<PlayerClock>(STOPPED_CLOCK);
const MountContext = createContext<(element: HTMLElement | null) => void>(() => undefined);

/** How often the position is read from the player while it plays. */
const TICK_MS = 250;

export const PLAYER_PROBLEMS = {
  notLoaded: 'The video player could not load here; the video still plays on YouTube.',
  notEmbeddable: 'The owner of this video does not allow it to play outside YouTube.',
  failed: 'This video cannot be played here; it still plays on YouTube.',
} as const;

/** YouTube's `onError` codes: 101 and 150 (and 153) mean the owner forbids embedding. */
function problemFor(code: number): string {
  return code === 101 || code === 150 || code === 153
    ? PLAYER_PROBLEMS.notEmbeddable
    : PLAYER_PROBLEMS.failed;
}

export interface PlayerProviderProps {
  youtubeId: string;
  /** The IFrame Player API script; undefined while its address is being read. */
  iframeApiUrl: string | undefined;
  /** The moment the page opens at (`?t=`). */
  startAt?: number;
  /** Called on every seek, e.g. to show the moment in the transcript. */
  onSeek?: (seconds: number) => void;
  children: ReactNode;
}

/**
 * Owns the video page's YouTube player; mount it with `key` set to the video, so another video starts afresh. `VideoPlayer` inside it says where the player goes; every moment uses
 * `usePlayerControls()` (or `usePlayer()` to follow the time).
 */
export function PlayerProvider({
  youtubeId,
  iframeApiUrl,
  startAt = 0,
  onSeek,
  children,
}: PlayerProviderProps) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [problem, setProblem] = useState<string | null>(null);
  const player = useRef<YouTubePlayer | null>(null);
  const timeRef = useRef(startAt);
  const playingRef = useRef(false);
  const listeners = useRef(new Set<() => void>());
  const onSeekRef = useRef(onSeek);
  useEffect(() => {
    onSeekRef.current = onSeek;
  }, [onSeek]);

  const publish = useCallback((time: number, playing: boolean) => {
    if (time === timeRef.current && playing === playingRef.current) return;
    timeRef.current = time;
    playingRef.current = playing;
    for (const listener of listeners.current) listener();
  }, []);

  const clock = useMemo<PlayerClock>(
    () => ({
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      time: () => timeRef.current,
      playing: () => playingRef.current,
    }),
    [],
  );

  useEffect(() => {
    if (!element || iframeApiUrl === undefined) return;
    let cancelled = false;
    let created: YouTubePlayer | null = null;
    const host = document.createElement('div');
    host.className = 'size-full';
    element.replaceChildren(host);
    const unavailable = (text: string) => {
      if (cancelled) return;
      player.current = null;
      setStatus('unavailable');
      setProblem(text);
    };
    if (iframeApiUrl === '') {
      unavailable(PLAYER_PROBLEMS.notLoaded);
      return () => {
        cancelled = true;
      };
    }
    loadIframeApi(iframeApiUrl).then(
      (YT) => {
        if (cancelled) return;
        created = new YT.Player(host, {
          videoId: youtubeId,
          host: PLAYER_HOST,
          width: '100%',
          height: '100%',
          playerVars: { start: Math.floor(timeRef.current), playsinline: 1, rel: 0 },
          events: {
            onReady: ({ target }) => {
              if (cancelled) return;
              player.current = target;
              if (timeRef.current > 0) target.seekTo(timeRef.current, true);
              setStatus('ready');
            },
            onStateChange: ({ data, target }) => {
              if (cancelled) return;
              publish(target.getCurrentTime(), data === PLAYER_STATE.PLAYING);
            },
            onError: ({ data }) => unavailable(problemFor(data)),
          },
        });
      },
      () => unavailable(PLAYER_PROBLEMS.notLoaded),
    );
    return () => {
      cancelled = true;
      player.current = null;
      created?.destroy();
      element.replaceChildren();
    };
  }, [element, iframeApiUrl, youtubeId, publish]);

  // While the video plays, its position is read a few times a second.
  useEffect(() => {
    if (status !== 'ready') return;
    const timer = setInterval(() => {
      const current = player.current;
      if (!current) return;
      publish(current.getCurrentTime(), current.getPlayerState() === PLAYER_STATE.PLAYING);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [status, publish]);

  const seekTo = useCallback(
    (seconds: number, options: SeekOptions = {}) => {
      const to = Math.max(0, seconds);
      const current = player.current;
      if (current) {
        current.seekTo(to, true);
        if (options.play) current.playVideo();
        publish(to, options.play ? true : playingRef.current);
      } else {
        // Not ready yet: the player starts there once it is.
        publish(to, playingRef.current);
      }
      if (options.reveal !== false) onSeekRef.current?.(to);
    },
    [publish],
  );

  const controls = useMemo<PlayerControls>(() => {
    const play = () => player.current?.playVideo();
    const pause = () => player.current?.pauseVideo();
    return {
      onPage: true,
      playable: true,
      status,
      problem,
      seekTo,
      getCurrentTime: () => player.current?.getCurrentTime() ?? timeRef.current,
      seekBy: (delta) => {
        const current = player.current;
        if (!current) return;
        const to = Math.max(0, current.getCurrentTime() + delta);
        current.seekTo(to, true);
        publish(to, playingRef.current);
      },
      play,
      pause,
      togglePlay: () => {
        const current = player.current;
        if (!current) return;
        if (current.getPlayerState() === PLAYER_STATE.PLAYING) current.pauseVideo();
        else current.playVideo();
      },
    };
  }, [status, problem, seekTo, publish]);

  return (
    <MountContext.Provider value={setElement}>
      <ControlsContext.Provider value={controls}>
        <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>
      </ControlsContext.Provider>
    </MountContext.Provider>
  );
}

/** Seek, play and pause, without re-rendering as the video plays. */
export function usePlayerControls(): PlayerControls {
  return useContext(ControlsContext);
}

/**
 * A value computed from where the video is; the component re-renders only when it changes (the transcript's
 * current segment changes every few seconds, not every tick).
 */
export function usePlayerSelector<T>(select: (time: number, playing: boolean) => T): T {
  const clock = useContext(ClockContext);
  return useSyncExternalStore(clock.subscribe, () => select(clock.time(), clock.playing()));
}

/**
 * The player on this page: `status`, `currentTime` (seconds), `playing`, `seekTo(seconds, { play })`, `seekBy`,
 * `play()`, `pause()`. Re-renders a few times a second while playing; use `usePlayerControls()` to only seek.
 */
export function usePlayer(): Player {
  const controls = usePlayerControls();
  const currentTime = usePlayerSelector((time) => time);
  const playing = usePlayerSelector((_, isPlaying) => isPlaying);
  return { ...controls, currentTime, playing };
}

/** The element the player is drawn into (used by `VideoPlayer`). */
export function usePlayerMount(): (element: HTMLElement | null) => void {
  return useContext(MountContext);
}

/**
 * Moments of a page with no player (an uploaded recording): a moment clicked shows it in the transcript rather
 * than playing it, so every timestamp stays useful.
 */
export function TranscriptMomentsProvider({
  onSeek,
  children,
}: {
  onSeek: (seconds: number) => void;
  children: ReactNode;
}) {
  const controls = useMemo<PlayerControls>(
    () => ({
      ...OFF_PAGE,
      onPage: true,
      playable: false,
      seekTo: (seconds, options = {}) => {
        if (options.reveal !== false) onSeek(Math.max(0, seconds));
      },
    }),
    [onSeek],
  );
  return <ControlsContext.Provider value={controls}>{children}</ControlsContext.Provider>;
}
