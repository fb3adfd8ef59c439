import { laneQueueName, type QueueName } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import type { Queue } from 'bullmq';
import { sql, startAiStack, storedItemCount, userWithVideo, type AiStack } from './support/ai-fixtures';
import { signedInBrowser, watchUrl } from './support/library-fixtures';
import { eventually } from './support/test-workers';

// Someone who can write to Redis (an operator tool, a leaked password) rewrites a queued job's data so that its
// worker makes something for another user or another video. Whatever the job answers, the gateway hands a user
// only what was made for their request.
describe('job results reach only the request they were made for', () => {
  let stack: AiStack;

  beforeAll(async () => {
    stack = await startAiStack({ engine: 'offline' });
  });
  afterAll(() => stack.close());

  const freeLane = (queue: QueueName): Queue => {
    const name = laneQueueName(queue, 'free');
    const found = stack.gateway.app
      .get(JobRequester)
      .queues()
      .find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no queue ${name}`);
    return found;
  };

  /** Sends the request with the lane paused, rewrites its job's data while it waits, then lets it run. */
  async function tampered<T>(
    queue: QueueName,
    send: () => Promise<T>,
    rewrite: (data: object) => object,
  ): Promise<T> {
    const lane = freeLane(queue);
    await lane.pause();
    try {
      const answer = send();
      const [job] = await eventually(
        () => lane.getJobs(['waiting', 'prioritized']),
        (jobs) => jobs.length > 0,
      );
      await job!.updateData(rewrite(job!.data as object));
      await lane.resume();
      return await answer;
    } finally {
      await lane.resume();
    }
  }

  it("never streams another user's export, even when the export job was rewritten to render it", async () => {
    const victim = await userWithVideo(stack, { label: 'victim', youtubeId: 'hashtables1' });
    const secret = 'Victim private notes 7F3A: do not share';
    expect(
      (await victim.user.put(`/api/videos/${victim.videoId}/notes`).send({ notes: secret })).status,
    ).toBe(200);
    const attacker = await userWithVideo(stack, { label: 'attacker', youtubeId: 'derivative1' });

    const response = await tampered(
      'export',
      () => attacker.user.get(`/api/videos/${attacker.videoId}/export/txt`).then((r) => r),
      (data) => ({ ...data, videoId: victim.videoId, userId: victim.user.userId }),
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: expect.stringMatching(/not made for your request/) });
    expect(response.text).not.toContain('7F3A');
    // The file rendered for the victim was deleted, not left for anyone to fetch.
    await eventually(
      () => sql<{ id: string }>(stack, 'SELECT id FROM export_files'),
      (files) => files.length === 0,
    );

    const honest = await attacker.user.get(`/api/videos/${attacker.videoId}/export/txt`);
    expect(honest.status).toBe(200);
    expect(honest.text).not.toContain('7F3A');
  });

  it('never stores AI content written from another transcript than the video it is asked for', async () => {
    const other = await userWithVideo(stack, { label: 'other', youtubeId: 'printpress1' });
    const [{ transcript_id: otherTranscript }] = await sql<{ transcript_id: string }>(
      stack,
      'SELECT transcript_id FROM videos WHERE id = $1',
      [other.videoId],
    ).then((rows) => rows as [{ transcript_id: string }]);
    const user = await userWithVideo(stack, { label: 'asker', youtubeId: 'phtsynth101' });

    const response = await tampered(
      'ai',
      () =>
        user.user
          .post('/api/ai/generate')
          .send({ videoId: user.videoId, type: 'summary', summaryLength: 'short' })
          .then((r) => r),
      (data) => ({ ...data, transcriptId: otherTranscript }),
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: expect.stringMatching(/not made for your request/) });
    expect(await storedItemCount(stack, user.videoId)).toBe(0);
    expect((await user.user.get('/api/usage')).body.aiGenerations.used).toBe(0);
  });

  it('never stores an answer made from another transcript than the video it is asked about', async () => {
    const other = await userWithVideo(stack, { label: 'other-asked', youtubeId: 'hashtables1' });
    const [{ transcript_id: otherTranscript }] = await sql<{ transcript_id: string }>(
      stack,
      'SELECT transcript_id FROM videos WHERE id = $1',
      [other.videoId],
    ).then((rows) => rows as [{ transcript_id: string }]);
    const user = await userWithVideo(stack, { label: 'questioner', youtubeId: 'phtsynth101' });

    const response = await tampered(
      'ai',
      () =>
        user.user
          .post('/api/ai/ask')
          .send({ videoId: user.videoId, question: 'What is chaining?' })
          .then((r) => r),
      (data) => ({ ...data, transcriptId: otherTranscript }),
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      message:
        'The answer Lectern received was not made for your request, so it was not used. Please try again.',
    });
    expect((await user.user.get(`/api/ai/questions/${user.videoId}`)).body).toEqual([]);
    expect((await user.user.get('/api/usage')).body.aiQuestions.used).toBe(0);
  });

  it('never adds a video to the library with the transcript of another video', async () => {
    await userWithVideo(stack, { plan: 'pro', label: 'warm', youtubeId: 'supplydmnd1' });
    const user = await signedInBrowser(stack.gateway, 'analyst');

    const response = await tampered(
      'transcripts',
      () =>
        user
          .post('/api/transcripts/fetch')
          .send({ youtubeUrl: watchUrl('entityClass') })
          .then((r) => r),
      (data) => ({ ...data, youtubeId: 'supplydmnd1' }),
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: expect.stringMatching(/not made for your request/) });
    expect((await user.get('/api/videos')).body).toEqual([]);
    expect((await user.get('/api/usage')).body.videosAnalyzed.used).toBe(0);
  });
});
