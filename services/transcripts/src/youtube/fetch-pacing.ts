import type { RedisConnection } from '@lectern/queue-runtime';

/** YOUTUBE_FETCHES_PER_MINUTE's default: one fetch every 3 seconds per proxy (or direct). */
export const DEFAULT_YOUTUBE_FETCHES_PER_MINUTE = 20;

// Reserves the next start on a route: the later of now and the route's next free time; the route's next free
// time moves one interval past it. KEYS[1] the route's key; ARGV: now (ms), interval (ms). Answers the wait (ms).
export const RESERVE_FETCH = `
local now = tonumber(ARGV[1])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = math.max(now, free)
redis.call('SET', KEYS[1], start + tonumber(ARGV[2]), 'PX', start - now + tonumber(ARGV[2]) + 60000)
return start - now`;

/** Spaces a route's fetches; the YouTube client waits on it before each one. */
export interface FetchPacing {
  /** Resolves when a fetch on this route (a proxy's label, or "direct") may start. */
  wait(route: string, signal?: AbortSignal): Promise<void>;
}

/**
 * At most `perMinute` YouTube fetches (a transcript fetch, or a page of a playlist) start on each route per minute,
 * counted in Redis, so every transcripts worker process shares one schedule per proxy. A fetch waits for its turn:
 * in order of asking, so a single analysis asked for during a playlist import waits behind at most the import's
 * one fetch in the queue. Answers from the transcript cache are no fetch and never wait.
 */
export class RedisFetchPacing implements FetchPacing {
  private readonly intervalMs: number;

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.intervalMs = Math.ceil(60_000 / perMinute);
  }

  /** Takes the route's next turn; answers how long to wait for it (ms). */
  async reserve(route: string): Promise<number> {
    const waitMs = await this.redis.eval(RESERVE_FETCH, 1, this.keyOf(route), this.now(), this.intervalMs);
    return Number(waitMs);
  }

  async wait(route: string, signal?: AbortSignal): Promise<void> {
    const waitMs = await this.reserve(route);
    signal?.throwIfAborted();
    if (waitMs <= 0) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(done, waitMs);
      function done() {
        signal?.removeEventListener('abort', aborted);
        resolve();
      }
      function aborted() {
        clearTimeout(timer);
        const reason: unknown = signal?.reason;
        reject(
          reason instanceof Error ? reason : new Error('The fetch was stopped while it waited for its turn.'),
        );
      }
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  private keyOf(route: string): string {
    return `${this.prefix}:youtube-pace:${route}`;
  }
}
