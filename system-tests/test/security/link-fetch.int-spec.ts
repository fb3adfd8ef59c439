import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedInBrowser, startLibraryStack, type LibraryStack } from '../support/library-fixtures';

// The link a user pastes only ever yields a video id: the transcripts worker asks YOUTUBE_ORIGIN about that id
// and nothing else. A second local server stands in for anything an attacker would like Lectern to reach.
describe('the link field cannot make Lectern fetch anything but YOUTUBE_ORIGIN', () => {
  let stack: LibraryStack;
  let bystander: Server;
  let bystanderHits = 0;
  let target = '';

  beforeAll(async () => {
    bystander = createServer((_request, response) => {
      bystanderHits += 1;
      response.writeHead(302, { location: 'https://www.youtube.com/watch?v=phtsynth101' }).end();
    });
    await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
    target = `127.0.0.1:${(bystander.address() as AddressInfo).port}`;
    stack = await startLibraryStack();
  });
  afterAll(async () => {
    await stack.close();
    await new Promise((resolve) => bystander.close(resolve));
  });

  const links = () => [
    `http://${target}/watch?v=phtsynth101`,
    `https://${target}/watch?v=phtsynth101`,
    `http://${target}`,
    `//${target}/watch?v=phtsynth101`,
    `https://www.youtube.com.${target}/watch?v=phtsynth101`,
    `https://www.youtube.com@${target}/watch?v=phtsynth101`,
    `https://${target}#https://www.youtube.com/watch?v=phtsynth101`,
    `https://www.youtube.com/redirect?q=http://${target}/`,
    `https://www.youtube.com/watch?v=../../${target}`,
    `https://www.youtube.com/watch?v=%2F%2F${encodeURIComponent(target)}`,
    `https://youtu.be/%2e%2e%2f%2e%2e%2f${encodeURIComponent(target)}`,
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_FLUSHALL',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:6379/',
    'http://2130706433/',
    'http://0x7f000001/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `http://${target}/?v=phtsynth101&youtube.com`,
  ];

  it('refuses every link that is not a YouTube video, and the other server receives nothing', async () => {
    const browser = await signedInBrowser(stack.gateway, 'ssrf');
    const before = stack.youtube.requests.length;
    for (const youtubeUrl of links()) {
      const response = await browser.post('/api/transcripts/fetch').send({ youtubeUrl });
      expect([400, 404, 422]).toContain(response.status);
      expect(Object.keys(response.body)).toEqual(['message']);
    }
    expect(bystanderHits).toBe(0);
    // A refused link never reached the fake YouTube either.
    expect(stack.youtube.requests.length).toBe(before);
  });

  it('asks YOUTUBE_ORIGIN about a real link and only on the documented paths', async () => {
    const browser = await signedInBrowser(stack.gateway, 'ssrf-ok');
    const before = stack.youtube.requests.length;
    const response = await browser
      .post('/api/transcripts/fetch')
      .send({ youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101&redirect=http://evil.example/' });
    expect(response.status).toBe(200);
    const paths = stack.youtube.requests.slice(before).map((r) => r.path.split('?')[0]);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths)
      expect(['/youtubei/v1/player', '/watch', '/api/timedtext', '/oembed']).toContain(p);
    expect(bystanderHits).toBe(0);
  });
});
