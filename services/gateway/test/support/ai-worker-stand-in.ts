import { randomUUID } from 'node:crypto';
import { QueueName, type GenerateData, type GenerateResult, type User } from '@lectern/contracts';
import { JobRequester, PermanentJobError, type RunningQueueWorker } from '@lectern/queue-runtime';
import { laneFor } from '../../src/jobs/user-jobs';
import { HeldJobs, startAnsweringWorker } from './service-fixtures';
import type { TestGateway } from './test-gateway';

/** What the ai worker answers a `generate` job: the item asked for, about the transcript asked about. */
export function writtenAsAsked(data: GenerateData): GenerateResult {
  return {
    transcriptId: data.transcriptId,
    feature: data.feature,
    summaryLength: data.summaryLength,
    outputText: `## ${data.feature}\nWritten for ${data.title ?? 'a video'}.`,
    engine: 'offline',
    model: 'offline',
  };
}

type Answer = (data: GenerateData) => Promise<GenerateResult>;

const asAsked: Answer = (data) => Promise.resolve(writtenAsAsked(data));

/** The answer of a job failing in a way retrying cannot fix. */
export function failing(status: number, message: string): Answer {
  return () => Promise.reject(new PermanentJobError(status, message));
}

/**
 * A queue worker on the gateway's Redis prefix standing in for the ai worker: it answers `generate` jobs as the
 * test says (by default as asked), and keeps what each job asked for.
 */
export class AiWorkerStandIn {
  readonly jobs: GenerateData[] = [];
  write: Answer = asAsked;

  private worker: RunningQueueWorker | null = null;

  private constructor(private readonly gateway: TestGateway) {}

  static async start(gateway: TestGateway): Promise<AiWorkerStandIn> {
    const standIn = new AiWorkerStandIn(gateway);
    standIn.worker = await startAnsweringWorker(gateway, QueueName.Ai, {
      generate: (data) => {
        standIn.jobs.push(data);
        return standIn.write(data);
      },
      ask: () => Promise.reject(new PermanentJobError(500, 'Questions are not answered by this stand-in.')),
    });
    return standIn;
  }

  /** Answers as asked again. */
  reset(): void {
    this.write = asAsked;
  }

  /** Fails every job from now on, as the worker does with a failure retrying cannot fix. */
  failWith(status: number, message: string): void {
    this.write = failing(status, message);
  }

  /** Holds every job from now on until the HeldJobs answered is opened, then answers with `then`. */
  hold(then: Answer = asAsked): HeldJobs {
    const held = new HeldJobs();
    this.write = async (data) => {
      await held.pass();
      return then(data);
    };
    return held;
  }

  /** A summary asked for through the gateway's job requester, on the user's lane, awaited at most `timeoutMs`. */
  request(user: User, timeoutMs = 10_000): Promise<GenerateResult> {
    return this.gateway.app
      .get(JobRequester)
      .request(
        QueueName.Ai,
        'generate',
        { transcriptId: randomUUID(), feature: 'summary', summaryLength: 'short', title: null },
        { lane: laneFor(user), timeoutMs, timeoutMessage: 'Writing this content took too long.' },
      );
  }

  close(): Promise<void> {
    return this.worker?.close() ?? Promise.resolve();
  }
}
