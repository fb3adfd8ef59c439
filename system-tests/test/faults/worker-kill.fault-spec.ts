import { laneQueueName, type QueueName } from '@lectern/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  signUp,
  startProcessStack,
  until,
  waitReady,
  type ProcessStack,
  type ServiceName,
} from './support/process-stack';

// kill -9 of a worker in the middle of a job: BullMQ's stalled-job check hands the job to the restarted
// worker once the dead one's lock expires, well within the request's timeout; nothing is stored or counted twice.
// The takeover needs the lock to expire (15 s) and the next stalled check (every 5 s), then the job itself: a
// correct program answers well within this bound even on a slow machine, and far within the requests' own
// timeouts (90 s for a fetch, 120 s for an export, 10 minutes for a generation) and the test's (120 s).
const TAKEOVER_BOUND_MS = 60_000;

describe('fault drill: a worker killed mid-job', () => {
  let stack: ProcessStack;
  let redis: Redis;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    stack = await startProcessStack();
    redis = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
    await waitReady(stack);
  });
  afterAll(async () => {
    console.log('worker kill -9 takeover (ms from the kill to the answer):', figures);
    redis?.disconnect();
    await stack?.stop();
  });

  function laneOf(queue: QueueName, lane: 'free' | 'pro'): Queue {
    return new Queue(laneQueueName(queue, lane), { connection: redis, prefix: stack.env.REDIS_PREFIX });
  }

  /**
   * Waits until the lane has a job running, freezes the worker holding it, kills it with SIGKILL and starts
   * another. Returns when the kill happened and the id of the job the dead worker held.
   */
  async function killWhenActive(
    queue: QueueName & ServiceName,
    lane: 'free' | 'pro' = 'free',
  ): Promise<{ killedAt: number; jobId: string }> {
    const handle = laneOf(queue, lane);
    let jobId: string;
    try {
      const [job] = await until(
        () => handle.getActive(),
        (jobs) => jobs.length > 0,
        30_000,
        `a running ${queue} job`,
      );
      jobId = job!.id!;
    } finally {
      await handle.close();
    }
    const [worker] = stack.services.get(queue)!.filter((s) => s.child.exitCode === null);
    worker!.child.kill('SIGSTOP');
    worker!.child.kill('SIGKILL');
    await worker!.exited;
    const killedAt = Date.now();
    stack.start(queue);
    return { killedAt, jobId };
  }

  /** The killed worker's job, afterwards: completed, by the new worker, after one stall (not run afresh). */
  async function expectTakenOver(queue: QueueName, lane: 'free' | 'pro', jobId: string, tookMs: number) {
    const handle = laneOf(queue, lane);
    try {
      const job = await handle.getJob(jobId);
      expect(await job?.getState()).toBe('completed');
      // Handed over by the stalled-job check after its worker died, not added and run afresh.
      expect(job?.stalledCounter).toBeGreaterThanOrEqual(1);
    } finally {
      await handle.close();
    }
    expect(tookMs).toBeLessThan(TAKEOVER_BOUND_MS);
  }

  it('transcripts: the restarted worker takes the fetch over and the video is added once, counted once', async () => {
    const user = await signUp(stack, 'kill-transcripts');
    stack.youtube.setSlowDelay(1500);
    const answer = user.call('POST', '/api/transcripts/fetch', {
      youtubeUrl: 'https://www.youtube.com/watch?v=slowAnswer1',
    });
    const { killedAt, jobId } = await killWhenActive('transcripts');
    const response = await answer;
    figures.transcripts = Date.now() - killedAt;
    expect(response.status).toBe(200);
    expect(response.body.youtubeId).toBe('slowAnswer1');
    await expectTakenOver('transcripts', 'free', jobId, figures.transcripts);

    // Asking again answers from the library; one entry, one count.
    const again = await user.call('POST', '/api/transcripts/fetch', {
      youtubeUrl: 'https://www.youtube.com/watch?v=slowAnswer1',
    });
    expect(again.body.id).toBe(response.body.id);
    expect(await stack.sql('SELECT id FROM videos WHERE user_id = $1', [user.id])).toHaveLength(1);
    expect(await stack.sql('SELECT id FROM transcripts WHERE youtube_id = $1', ['slowAnswer1'])).toHaveLength(
      1,
    );
    expect(
      await stack.sql(`SELECT id FROM usage_events WHERE user_id = $1 AND kind = 'transcript'`, [user.id]),
    ).toHaveLength(1);
  });

  it('ai: the restarted worker writes the summary once and it is counted once', async () => {
    const user = await signUp(stack, 'kill-ai');
    const video = await user.call('POST', '/api/transcripts/fetch', {
      youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101',
    });
    expect(video.status).toBe(200);
    stack.openAi.enqueue({ kind: 'slow', delayMs: 60_000 });
    const answer = user.call('POST', '/api/ai/generate', { videoId: video.body.id, type: 'summary' });
    const { killedAt, jobId } = await killWhenActive('ai');
    const response = await answer;
    figures.ai = Date.now() - killedAt;
    expect(response.status).toBe(200);
    expect(response.body.outputText).toBeTruthy();
    await expectTakenOver('ai', 'free', jobId, figures.ai);

    expect(await stack.sql('SELECT id FROM ai_content WHERE video_id = $1', [video.body.id])).toHaveLength(1);
    expect(
      await stack.sql(`SELECT id FROM usage_events WHERE user_id = $1 AND kind = 'ai_generation'`, [user.id]),
    ).toHaveLength(1);
  });

  it('export: the restarted worker renders the file and the download completes', async () => {
    const user = await signUp(stack, 'kill-export');
    await stack.sql(`UPDATE users SET plan = 'pro' WHERE id = $1`, [user.id]);
    const video = await user.call('POST', '/api/transcripts/fetch', {
      youtubeUrl: 'https://www.youtube.com/watch?v=tenHourLong',
    });
    expect(video.status).toBe(200);
    const answer = fetch(`${stack.baseUrl}/api/videos/${video.body.id}/export/pdf`, {
      headers: { cookie: user.cookie },
    });
    // Pro jobs run on the pro lane.
    const { killedAt, jobId } = await killWhenActive('export', 'pro');
    const response = await answer;
    figures.export = Date.now() - killedAt;
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    await expectTakenOver('export', 'pro', jobId, figures.export);
  });
});
