import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeFailure } from '@lectern/queue-runtime';
import { YouTubeSession } from '../src/youtube/youtube-session';

// The session's own rules, against a tiny scripted server: redirects, refused destinations, short-circuiting.

let server: Server;
let origin: string;
const seen: string[] = [];
const cookies: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    cookies.push(req.headers.cookie);
    const url = new URL(req.url ?? '/', 'http://local');
    const v = url.searchParams.get('v');
    if (v === 'moved') {
      res.writeHead(302, { location: '/watch?v=target' }).end();
    } else if (v === 'sorry') {
      res
        .writeHead(302, {
          location: 'https://www.google.com/sorry/index?continue=https://www.youtube.com/watch',
        })
        .end();
    } else if (v === 'consent') {
      res.writeHead(302, { location: 'https://consent.youtube.com/m?continue=x' }).end();
    } else if (v === 'consentOnce' && !req.headers.cookie?.includes('SOCS=')) {
      res
        .writeHead(303, {
          location:
            'https://consent.youtube.com/m?continue=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DconsentOnce&gl=DE&m=0&pc=yt&cm=2&hl=de&src=1',
        })
        .end();
    } else if (v === 'captcha') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<form><div class="g-recaptcha"></div></form>');
    } else if (v === 'loop') {
      res.writeHead(302, { location: '/watch?v=loop' }).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`page ${v}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  cookies.length = 0;
});

const session = () => new YouTubeSession({ origin, timeoutMs: 2_000 });
const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return decodeFailure(error instanceof Error ? error.message : undefined)?.status ?? 'undecodable';
  }
  return 'no failure';
};

it('rewrites https://www.youtube.com to the configured origin', async () => {
  const response = await session().fetch('https://www.youtube.com/watch?v=abc');
  expect(await response.text()).toBe('page abc');
  expect(seen).toEqual(['/watch?v=abc&hl=en']);
});

it('follows a redirect within YouTube', async () => {
  const response = await session().fetch('https://www.youtube.com/watch?v=moved');
  expect(await response.text()).toBe('page target');
  expect(seen).toEqual(['/watch?v=moved&hl=en', '/watch?v=target']);
});

it("treats a redirect to Google's sorry page as rate limiting, without following it", async () => {
  expect(await statusOf(session().fetch('https://www.youtube.com/watch?v=sorry'))).toBe(429);
  expect(seen).toHaveLength(1);
});

it('treats a captcha page as rate limiting even with status 200, but never a caption text', async () => {
  expect(await statusOf(session().fetch('https://www.youtube.com/watch?v=captcha'))).toBe(429);
  const captions = await session().fetch('https://www.youtube.com/api/timedtext?v=captcha');
  expect(captions.status).toBe(200);
});

it('does not follow redirects elsewhere, nor endless ones', async () => {
  expect(await statusOf(session().fetch('https://www.youtube.com/watch?v=loop'))).toBe(502);
  expect(seen.filter((path) => path.startsWith('/watch?v=loop'))).toHaveLength(4);
});

it('answers a redirect to the EU consent page with the consent cookies and asks again, once', async () => {
  const response = await session().fetch('https://www.youtube.com/watch?v=consentOnce');
  expect(await response.text()).toBe('page consentOnce');
  expect(seen).toEqual(['/watch?v=consentOnce&hl=en', '/watch?v=consentOnce&hl=en']);
  expect(cookies).toEqual([undefined, 'SOCS=CAI; CONSENT=YES+cb']);

  seen.length = 0;
  expect(await statusOf(session().fetch('https://www.youtube.com/watch?v=consent'))).toBe(502);
  expect(seen).toEqual(['/watch?v=consent&hl=en', '/watch?v=consent&hl=en']);
});

it.each([
  ['https://www.youtube.com/feed/trending'],
  ['https://evil.example/api/timedtext?v=abc'],
  ['https://youtube.com.evil.example/watch?v=abc'],
  ['http://www.youtube.com/watch?v=abc'],
  ['https://m.youtube.com/watch?v=abc'],
  ['not a url'],
])('refuses to request %s', async (url) => {
  expect(await statusOf(session().fetch(url))).toBe(502);
  expect(seen).toHaveLength(0);
});

it('after a failure, every further request fails the same way at once', async () => {
  const one = session();
  expect(await statusOf(one.fetch('https://www.youtube.com/watch?v=sorry'))).toBe(429);
  expect(await statusOf(one.fetch('https://www.youtube.com/watch?v=fine'))).toBe(429);
  expect(seen).toEqual(['/watch?v=sorry&hl=en']);
});

it('gives up with the caller when its signal aborts', async () => {
  const controller = new AbortController();
  controller.abort(new Error('shutting down'));
  const aborted = new YouTubeSession({ origin, timeoutMs: 2_000, signal: controller.signal });
  await expect(aborted.fetch('https://www.youtube.com/watch?v=abc')).rejects.toThrow('shutting down');
});
