import { ForbiddenException, Injectable, Logger } from '@nestjs/common';
import {
  hasProAccess,
  type JobDataOf,
  type JobNameOf,
  type JobResultOf,
  type Lane,
  type QueueName,
  type User,
} from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import type { JobStreamOpener } from '../streams/job-streams';

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

/** Pro and admin jobs go ahead of Free ones in every queue. */
export function laneFor(user: Pick<User, 'plan' | 'role'>): Lane {
  return hasProAccess(user) ? 'pro' : 'free';
}

const logger = new Logger('JobResults');

/**
 * A job answered a result made for something else than what this user asked for: the job's data was changed in
 * Redis after it was queued. Nothing of it reaches the user; the operator gets a loud log line.
 */
export function foreignResult(what: string, details: Record<string, unknown>): ForbiddenException {
  logger.error(details, `a ${what} job answered a result that was not made for its request; it was not used`);
  return new ForbiddenException(
    `The ${what} Lectern received was not made for your request, so it was not used. Please try again.`,
  );
}

/**
 * The fields asked for beside those a result answered, when any of them differs (the details of a foreign
 * result); null when the result answers every field as asked.
 */
export function askedAndAnswered<A extends Record<string, unknown>>(
  asked: A,
  result: { readonly [K in keyof A]: unknown },
): { asked: A; answered: Record<keyof A, unknown> } | null {
  const keys = Object.keys(asked) as (keyof A)[];
  if (keys.every((key) => result[key] === asked[key])) return null;
  const answered = Object.fromEntries(keys.map((key) => [key, result[key]])) as Record<keyof A, unknown>;
  return { asked, answered };
}
