import type { JobsOptions } from 'bullmq';
import type { QueueName } from '@lectern/contracts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Failed jobs stay a week for operators to inspect in Bull Board, completed ones an hour; both are also capped by
 * count per lane, so Redis memory stays bounded whatever users send.
 */
export const JOB_RETENTION = {
  removeOnComplete: { age: 60 * 60, count: 1000 },
  removeOnFail: { age: 7 * DAY_SECONDS, count: 5000 },
} satisfies Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'>;

/** Retries and back-off per queue, decided in one place. Permanent failures skip retries (UnrecoverableError). */
const perQueue: Record<QueueName, JobsOptions> = {
  transcripts: { attempts: 3, backoff: { type: 'exponential', delay: 1000 } },
  ai: { attempts: 2, backoff: { type: 'exponential', delay: 2000 } },
  export: { attempts: 2, backoff: { type: 'fixed', delay: 500 } },
  billing: { attempts: 8, backoff: { type: 'exponential', delay: 2000 } },
  // An SMTP server that is down for a while must not lose a reset link: 2 s doubling to about 17 min, over 2 h in all.
  mail: { attempts: 12, backoff: { type: 'exponential', delay: 2000 } },
  // A transcription keeps each finished piece, so a retry (or a restarted worker) goes on where it stopped.
  media: { attempts: 4, backoff: { type: 'exponential', delay: 5000 } },
};

export function jobOptionsFor(queue: QueueName, overrides: JobsOptions = {}): JobsOptions {
  return { ...JOB_RETENTION, ...perQueue[queue], ...overrides };
}
