// The part of YouTube's IFrame Player API (https://developers.google.com/youtube/iframe_api_reference) Lectern
// uses. The script at YOUTUBE_IFRAME_API_URL defines `window.YT` and then calls `onYouTubeIframeAPIReady`.

/** `YT.PlayerState`. */
export const PLAYER_STATE = {
  UNSTARTED: -1,
  ENDED: 0,
  PLAYING: 1,
  PAUSED: 2,
  BUFFERING: 3,
  CUED: 5,
} as const;

export interface YouTubePlayer {
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  playVideo(): void;
  pauseVideo(): void;
  getPlayerState(): number;
  destroy(): void;
}

export interface YouTubePlayerOptions {
  videoId: string;
  host?: string;
  width?: string | number;
  height?: string | number;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (event: { target: YouTubePlayer }) => void;
    onStateChange?: (event: { data: number; target: YouTubePlayer }) => void;
    onError?: (event: { data: number; target: YouTubePlayer }) => void;
  };
}

export interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

declare global {
  interface Window {
    YT?: YouTubeNamespace & { loaded?: number };
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** Privacy-enhanced mode: no cookies until the viewer plays. */
export const PLAYER_HOST = 'https://www.youtube-nocookie.com';
/** How long the script may take to define the API before the page says the player could not load. */
export const LOAD_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<YouTubeNamespace>>();

/** Loads the API once per address; rejects when the script fails to load or defines nothing in time. */
export function loadIframeApi(src: string, timeoutMs = LOAD_TIMEOUT_MS): Promise<YouTubeNamespace> {
  const ready = window.YT;
  if (ready?.Player && ready.loaded !== 0) return Promise.resolve(ready);
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<YouTubeNamespace>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('The YouTube player did not load in time.')), timeoutMs);
    const previous = window.onYouTubeIframeAPIReady;
    function fail(error: Error) {
      clearTimeout(timer);
      loading.delete(src);
      script.remove();
      reject(error);
    }
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      clearTimeout(timer);
      if (window.YT?.Player) resolve(window.YT);
      else fail(new Error('The YouTube player script defined no player.'));
    };
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onerror = () => fail(new Error('The YouTube player script could not be loaded.'));
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
