import { signedInBrowser } from './support/signed-in-browser';
import { startTestGateway, type TestGateway } from './support/test-gateway';

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

// The default (YouTube's own script) is checked in src/player/script-sources.spec.ts.
describe("the video page's player, with a stand-in player script", () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ YOUTUBE_IFRAME_API_URL: 'http://127.0.0.1:3099/iframe_api' });
  });
  afterAll(() => gateway?.close());

  it("tells a signed-in user's web app where the IFrame Player API is, and no one else", async () => {
    const ada = await signedInBrowser(gateway);
    const answer = await ada.get('/api/player');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ iframeApiUrl: 'http://127.0.0.1:3099/iframe_api' });
    expect((await gateway.browser().get('/api/player')).status).toBe(401);
  });

  it("lets pages run only their own scripts and the player script's, and frame only the privacy-enhanced player", async () => {
    for (const path of ['/video/some-id', '/api/health']) {
      const csp = (await gateway.http().get(path)).headers['content-security-policy'] as string;
      expect(directive(csp, 'script-src')).toBe("script-src 'self' http://127.0.0.1:3099");
      expect(directive(csp, 'frame-src')).toBe('frame-src https://www.youtube-nocookie.com');
    }
  });
});
