import { laneQueueName, QueueName } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { signedInBrowser, startLibraryStack, watchUrl, type LibraryStack } from './support/library-fixtures';
import { confirmEmail, uniqueEmail } from '../../services/gateway/test/support';

// What the real YouTube answers a server with, replayed by the fake YouTube, through the whole stack: the
// gateway's answer to the user, the metrics an operator scrapes, and the reason a failed job shows.

describe('what YouTube really sends, as users and operators see it', () => {
  let stack: LibraryStack;
  const adminEmail = uniqueEmail('operator');

  beforeAll(async () => {
    stack = await startLibraryStack({ ADMIN_EMAILS: adminEmail });
  });
  afterAll(() => stack.close());

  const analyse = async (videoId: string) => {
    const browser = await signedInBrowser(stack.gateway);
    return browser.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(videoId) });
  };

  it('a bot check answers 429 saying YouTube limits this server, and counts a block for the operator', async () => {
    const answer = await analyse('botCheck_de');
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({
      message: 'YouTube is limiting requests from this server; try again later.',
    });

    const admin = stack.gateway.browser();
    await admin.post('/api/auth/signup').send({ email: adminEmail, password: 'correct horse' });
    await confirmEmail(stack.gateway, adminEmail);
    const metrics = await admin.get('/metrics');
    expect(metrics.status).toBe(200);
    // Every attempt of the job was blocked; the count is per proxy ("direct" here, without one).
    expect(metrics.text).toMatch(/^lectern_youtube_blocks_total\{proxy="direct"\} [1-9]\d*$/m);
  });

  it('the EU consent page is answered, and the video analysed', async () => {
    const answer = await analyse('euConsent01');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ youtubeId: 'euConsent01' });
  });

  it('a consent page that keeps coming back answers 502 naming YouTube', async () => {
    const answer = await analyse('euConsent02');
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/^YouTube kept asking for cookie consent/);
  });

  it('captions YouTube serves only to some clients are read; withheld ones answer 502, not "no captions"', async () => {
    expect((await analyse('poTokenWeb1')).status).toBe(200);
    const withheld = await analyse('poTokenAll1');
    expect(withheld.status).toBe(502);
    expect(withheld.body).toEqual({
      message: 'YouTube did not serve the captions of this video; try again later.',
    });
  });

  it('a video read from another track of the same language is then served from the cache', async () => {
    // Its manual track is withheld from every client: the first analysis reads the auto-generated one.
    const first = await analyse('poTokenMan1');
    expect(first.status).toBe(200);
    stack.youtube.requests.length = 0;
    const second = await analyse('poTokenMan1');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ youtubeId: 'poTokenMan1', title: 'Hash Tables from Scratch' });
    expect(stack.youtube.requests).toEqual([]);
  });

  it.each([
    ['ageRestrict', 'This video is age-restricted on YouTube, so Lectern cannot read its captions.'],
    ['privateVid1', 'This video is private on YouTube, so Lectern cannot read its captions.'],
    [
      'membersOnly',
      "This video is only for the channel's members on YouTube, so Lectern cannot read its captions.",
    ],
    [
      'notInCountr',
      'This video is not available in the country Lectern runs in, so Lectern cannot read its captions.',
    ],
    ['removedVid1', 'This video has been removed from YouTube, so Lectern cannot read its captions.'],
  ])('a restricted video (%s) answers 422 saying which restriction', async (videoId, message) => {
    const answer = await analyse(videoId);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message });
  });

  it('caption markup is stored and served as plain text', async () => {
    const browser = await signedInBrowser(stack.gateway);
    const analysed = await browser
      .post('/api/transcripts/fetch')
      .send({ youtubeUrl: watchUrl('markupClass') });
    expect(analysed.status).toBe(200);
    const video = await browser.get(`/api/videos/${analysed.body.id}`);
    expect(video.body.transcriptText).toBe(
      "Hey, this is just a test this is not the original transcript Bold, underlined and grey words It's 3 < 5 & a <tag>",
    );
  });

  it("a failed fetch job's reason, as the admin queue board lists it, is the user's sentence", async () => {
    await analyse('removedVid1');
    const queues = stack.gateway.app.get(JobRequester).queues();
    const lane = queues.find((queue) => queue.name === laneQueueName(QueueName.Transcripts, 'free'));
    const failed = (await lane?.getFailed()) ?? [];
    const reasons = failed
      .filter((job) => job.data?.youtubeId === 'removedVid1')
      .map((job) => job.failedReason);
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) {
      expect(reason).toBe(
        '[422] This video has been removed from YouTube, so Lectern cannot read its captions.',
      );
    }
  });
});
