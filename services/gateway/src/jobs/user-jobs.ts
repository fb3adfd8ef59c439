import { Injectable } from '@nestjs/common';
import type { JobDataOf, JobNameOf, JobResultOf, QueueName, User } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import type { JobStreamOpener } from '../streams/job-streams';
import { foreignResult } from './foreign-result';
import { laneFor } from './plan-lane';

export interface UserJobOptions {
  timeoutMs: number;
  /** Answered with 504 when the job does not finish in time. */
  timeoutMessage: string;
  /** A second request with the same id while the first job is queued or running joins that job. */
  deduplicationId?: string;
  /** The client asked for an event stream: the job takes the stream's id, and the stream begins once it is queued. */
  stream?: JobStreamOpener;
}

/** Whether a job's result was made for the request that asked for it. */
export interface ResultCheck<R> {
  /** What the job makes, as the user is told: "The <what> Lectern received was not made for your request…". */
  what: string;
  /** What the operator's log line says of a result made for something else; null when it is the request's. */
  mismatch(result: R): Record<string, unknown> | null | Promise<Record<string, unknown> | null>;
}

/**
 * Jobs a user's request waits for: queued on the user's plan lane (laneFor), and answered only when the result was
 * made for the request, whatever became of the job's data in Redis; otherwise 403 (foreignResult).
 */
@Injectable()
export class UserJobs {
  constructor(private readonly requester: JobRequester) {}

  async request<Q extends QueueName, N extends JobNameOf<Q>>(
    user: Pick<User, 'plan' | 'role'>,
    queue: Q,
    name: N,
    data: JobDataOf<Q, N>,
    options: UserJobOptions,
    check: ResultCheck<JobResultOf<Q, N>>,
  ): Promise<JobResultOf<Q, N>> {
    const { stream, ...limits } = options;
    const jobId = await stream?.open();
    const result = await this.requester.request(queue, name, data, {
      lane: laneFor(user),
      ...limits,
      ...(stream && jobId ? { jobId, onAdded: stream.added } : {}),
    });
    const mismatch = await check.mismatch(result);
    if (mismatch) throw foreignResult(check.what, mismatch);
    return result;
  }
}
