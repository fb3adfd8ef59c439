import { runInNewContext } from 'node:vm';
import { startFakeYouTube, type FakeYouTube } from './fake-youtube';

// The stand-in for YouTube's IFrame Player API, run against a minimal page: it defines YT.Player, calls
// onYouTubeIframeAPIReady, and plays on a clock.

interface StandInPlayer {
  getCurrentTime(): number;
  getPlayerState(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  pauseVideo(): void;
  destroy(): void;
}

function fakeElement() {
  const element = {
    style: {} as Record<string, string>,
    attributes: {} as Record<string, string>,
    parentNode: null as null | { replaceChild: (next: unknown) => void },
    textContent: '',
    type: '',
    setAttribute(name: string, value: string) {
      element.attributes[name] = value;
    },
    append: () => undefined,
    addEventListener: () => undefined,
    remove: () => undefined,
  };
  return element;
}

function page(now: () => number) {
  const window: Record<string, unknown> = {};
  const document = { createElement: () => fakeElement(), getElementById: () => null };
  return {
    window,
    context: { window, document, performance: { now }, setTimeout, setInterval, clearInterval },
  };
}

describe("the fake YouTube's IFrame Player API stand-in", () => {
  let youtube: FakeYouTube;
  beforeAll(async () => {
    youtube = await startFakeYouTube();
  });
  afterAll(() => youtube.close());

  async function load(query = '') {
    const response = await fetch(`${youtube.url}/iframe_api${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    let clock = 0;
    const { window, context } = page(() => clock);
    const ready = new Promise<void>((resolve) => (window.onYouTubeIframeAPIReady = resolve));
    runInNewContext(await response.text(), context);
    await ready;
    return {
      YT: window.YT as { Player: new (...args: unknown[]) => StandInPlayer },
      tick: (ms: number) => (clock += ms),
    };
  }

  it('plays a catalogue video on a clock: time runs while playing, seekTo moves it, states as YT.PlayerState', async () => {
    const { YT, tick } = await load();
    const events: number[] = [];
    const player = await new Promise<StandInPlayer>((resolve) => {
      new YT.Player(fakeElement(), {
        videoId: 'tenHourLong',
        playerVars: { start: 30 },
        events: {
          onReady: ({ target }: { target: StandInPlayer }) => resolve(target),
          onStateChange: ({ data }: { data: number }) => events.push(data),
        },
      });
    });
    expect(player.getPlayerState()).toBe(-1);
    expect(player.getCurrentTime()).toBe(30);
    player.playVideo();
    tick(2_000);
    expect(player.getCurrentTime()).toBeCloseTo(32);
    player.seekTo(754, true);
    tick(1_000);
    expect(player.getCurrentTime()).toBeCloseTo(755);
    player.pauseVideo();
    tick(5_000);
    expect(player.getCurrentTime()).toBeCloseTo(755);
    expect(events).toEqual([1, 2]);
    player.destroy();
  });

  it('reports the error asked for instead of becoming ready (?error=150: embedding forbidden)', async () => {
    const { YT } = await load('?error=150');
    const { code, target } = await new Promise<{ code: number; target: StandInPlayer }>((resolve) => {
      new YT.Player(fakeElement(), {
        videoId: 'tenHourLong',
        events: {
          onReady: ({ target }: { target: StandInPlayer }) => resolve({ code: -1, target }),
          onError: ({ data, target }: { data: number; target: StandInPlayer }) =>
            resolve({ code: data, target }),
        },
      });
    });
    target.destroy();
    expect(code).toBe(150);
  });
});
