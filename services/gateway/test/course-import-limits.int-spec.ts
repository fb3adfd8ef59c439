import { QueueName, type Course } from '@lectern/contracts';
import {
  cacheTranscript,
  eventually,
  gatewayDb,
  signedInBrowser,
  startAnsweringWorker,
  startTestGateway,
} from './support';

// A course import meeting the user's hourly analyses (ANALYSES_PER_HOUR_PRO of 2, so a gateway of its own): the
// import pauses as long as the allowance says, the waiting lecture saying why, instead of failing.

describe('an import past the hourly analyses', () => {
  it("pauses at the user's hourly allowance, the lecture waiting with why, instead of failing", async () => {
    const gateway = await startTestGateway({ ANALYSES_PER_HOUR_PRO: '2' });
    const db = gatewayDb(gateway);
    const worker = await startAnsweringWorker(gateway, QueueName.Transcripts, {
      'read-playlist': ({ listId }) =>
        Promise.resolve({
          listId,
          title: 'Hourly',
          videos: ['hourLectu01', 'hourLectu02', 'hourLectu03'].map((youtubeId) => ({
            youtubeId,
            title: youtubeId,
            duration: 60,
          })),
          skipped: [],
          truncated: false,
        }),
      'fetch-transcript': async ({ youtubeId }) => ({
        transcriptId: await cacheTranscript(db, youtubeId),
        fetched: true,
      }),
    });
    try {
      const browser = await signedInBrowser(gateway);
      await db.query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
      const response = await browser
        .post('/api/courses/import')
        .send({ playlistUrl: 'PLhourlyLimitFixture000000000000001' });
      expect(response.status).toBe(202);
      const courseId = (response.body as Course).id;
      // The playlist read and the first video use the two analyses of the hour; the second video waits.
      const paused = await eventually(
        async () => (await browser.get(`/api/courses/${courseId}`)).body as Course,
        (course) => course.lectures[1]?.message?.startsWith('Paused:') ?? false,
      );
      expect(paused.lectures.map((lecture) => lecture.state)).toEqual(['ready', 'waiting', 'waiting']);
      expect(paused.lectures[1]?.message).toMatch(
        /^Paused: You have started 2 video analyses in the last hour, .* The import goes on by itself\.$/,
      );
    } finally {
      await worker.close();
      await gateway.close();
    }
  });
});
