import { JobRequester, type RunningQueueWorker } from '@lectern/queue-runtime';
import { startTestGateway, type TestGateway } from '../../services/gateway/test/support';
import { startTestWorkers, stopTestWorkers } from './support/test-workers';

describe('request-reply through the queues', () => {
  let gateway: TestGateway;
  let workers: RunningQueueWorker[];

  beforeAll(async () => {
    gateway = await startTestGateway();
    workers = await startTestWorkers(gateway.env);
  });
  afterAll(async () => {
    await stopTestWorkers(workers);
    await gateway.close();
  });

  it.each(['transcripts', 'ai', 'export', 'billing', 'mail', 'media'] as const)(
    'sends a job from the gateway to the %s worker and gets its answer back, on both lanes',
    async (queue) => {
      const requester = gateway.app.get(JobRequester);
      for (const lane of ['pro', 'free'] as const) {
        const sentAt = Date.now();
        const answer = await requester.request(queue, 'ping', { sentAt }, { lane, timeoutMs: 5000 });
        expect(answer).toMatchObject({ service: queue, pid: process.pid });
        expect(answer.receivedAt).toBeGreaterThanOrEqual(sentAt);
      }
    },
  );

  it('answers 504 at its timeout when no worker takes the job, and withdraws the job', async () => {
    await stopTestWorkers(workers);
    try {
      const requester = gateway.app.get(JobRequester);
      const started = Date.now();
      await expect(
        requester.request('ai', 'ping', { sentAt: started }, { lane: 'free', timeoutMs: 800 }),
      ).rejects.toMatchObject({
        status: 504,
      });
      // At its timeout, not before; how soon after it is a `npm run bench` figure ("request-reply never hangs").
      expect(Date.now() - started).toBeGreaterThanOrEqual(750);
      const waiting = await requester
        .queues()
        .find((q) => q.name === 'ai-free')!
        .getWaitingCount();
      expect(waiting).toBe(0);
    } finally {
      workers = await startTestWorkers(gateway.env);
    }
  });
});
