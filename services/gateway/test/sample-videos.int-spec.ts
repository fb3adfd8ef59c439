import { readFileSync } from 'node:fs';
import path from 'node:path';
import { youtubeWatchUrl } from '@lectern/contracts';
import { buildCatalogue } from '@lectern/fakes/youtube/catalogue';
import { signedInBrowser } from './support/signed-in-browser';
import { startTestGateway, type TestGateway } from './support/test-gateway';

const root = path.resolve(__dirname, '../../..');
// What `npm run demo` offers on the analyse page (launch.mjs passes it as SAMPLE_VIDEOS).
const DEMO_SAMPLES = JSON.parse(readFileSync(path.join(root, 'scripts/demo-samples.json'), 'utf8')) as {
  title: string;
  youtubeId: string;
}[];
const demoSetting = DEMO_SAMPLES.map(({ title, youtubeId }) => `${title}|${youtubeWatchUrl(youtubeId)}`).join(
  ',',
);

describe("the demo's sample videos", () => {
  it.each(DEMO_SAMPLES)(
    '$title is a lecture of the fake YouTube with captions, listed in the README',
    (sample) => {
      const video = buildCatalogue().get(sample.youtubeId);
      expect(video).toMatchObject({ playability: 'ok', behaviour: 'normal' });
      expect(video!.tracks.length).toBeGreaterThan(0);
      expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(youtubeWatchUrl(sample.youtubeId));
    },
  );
});

// Without SAMPLE_VIDEOS (production) the list is empty: see gateway-env.spec.ts.
describe('GET /api/samples with the demo samples', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ SAMPLE_VIDEOS: demoSetting });
  });
  afterAll(() => gateway?.close());

  it('answers the configured samples to a signed-in user, in order', async () => {
    const ada = await signedInBrowser(gateway);
    const samples = await ada.get('/api/samples');
    expect(samples.status).toBe(200);
    expect(samples.body).toEqual(
      DEMO_SAMPLES.map(({ title, youtubeId }) => ({ title, youtubeUrl: youtubeWatchUrl(youtubeId) })),
    );
    expect((await gateway.browser().get('/api/samples')).status).toBe(401);
  });
});
