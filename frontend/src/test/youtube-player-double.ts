import type { YouTubePlayer, YouTubePlayerOptions } from '@/components/video/player/youtube-iframe-api';

/** A stand-in `YT.Player` for unit tests: the test sets where it is and whether it plays. */
export class PlayerDouble implements YouTubePlayer {
  static last: PlayerDouble | null = null;
  time = 0;
  state = -1;
  readonly seeks: number[] = [];
  constructor(
    readonly element: HTMLElement,
    readonly options: YouTubePlayerOptions,
  ) {
    PlayerDouble.last = this;
    this.time = Number(options.playerVars?.start ?? 0);
    setTimeout(() => options.events?.onReady?.({ target: this }), 0);
  }
  seekTo(seconds: number): void {
    this.seeks.push(seconds);
    this.time = seconds;
  }
  getCurrentTime(): number {
    return this.time;
  }
  playVideo(): void {
    this.state = 1;
    this.options.events?.onStateChange?.({ data: 1, target: this });
  }
  pauseVideo(): void {
    this.state = 2;
    this.options.events?.onStateChange?.({ data: 2, target: this });
  }
  getPlayerState(): number {
    return this.state;
  }
  destroy(): void {
    if (PlayerDouble.last === this) PlayerDouble.last = null;
  }
}

/** Defines `window.YT` as the loaded API, so the page's player is a `PlayerDouble`. */
export function installPlayerDouble(): void {
  window.YT = { Player: PlayerDouble, loaded: 1 };
}

export function removePlayerDouble(): void {
  delete window.YT;
  PlayerDouble.last = null;
}
