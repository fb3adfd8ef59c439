import { signedInBrowser } from './support/signed-in-browser';
import { startTestGateway, type TestGateway } from './support/test-gateway';

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

describe("the video page's player", () => {
  describe('with YouTube as it is', () => {
    let gateway: TestGateway;
    beforeAll(async () => {
      gateway = await startTestGateway({});
    });
    afterAll(() => gateway?.close());

    it("tells a signed-in user's web app to load YouTube's IFrame Player API, and no one else", async () => {
      const ada = await signedInBrowser(gateway);
      const answer = await ada.get('/api/player');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ iframeApiUrl: 'https://www.youtube.com/iframe_api' });
      expect((await gateway.browser().get('/api/player')).status).toBe(401);
    });

    it("lets pages run only their own scripts and YouTube's, and frame only the privacy-enhanced player", async () => {
      for (const path of ['/video/some-id', '/api/health']) {
        const csp = (await gateway.http().get(path)).headers['content-security-policy'] as string;
        expect(directive(csp, 'script-src')).toBe("script-src 'self' https://www.youtube.com");
        expect(directive(csp, 'frame-src')).toBe('frame-src https://www.youtube-nocookie.com');
      }
    });
  });

  describe('with a stand-in player script', () => {
    let gateway: TestGateway;
    beforeAll(async () => {
      gateway = await startTestGateway({ YOUTUBE_IFRAME_API_URL: 'http://127.0.0.1:3099/iframe_api' });
    });
    afterAll(() => gateway?.close());

    it("answers the stand-in's address and lets pages load scripts from its origin", async () => {
      const ada = await signedInBrowser(gateway);
      expect((await ada.get('/api/player')).body).toEqual({
        iframeApiUrl: 'http://127.0.0.1:3099/iframe_api',
      });
      const csp = (await gateway.http().get('/dashboard')).headers['content-security-policy'] as string;
      expect(directive(csp, 'script-src')).toBe("script-src 'self' http://127.0.0.1:3099");
    });
  });
});
