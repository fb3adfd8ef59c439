import type { RedisConnection } from './redis';

/**
 * Job durations and outcomes, recorded by the workers into one Redis hash and read by the gateway's /metrics.
 *
 * Why the workers record rather than the gateway listening to QueueEvents: every attempt is counted exactly
 * once, by the process that ran it, whatever the number of gateways (each gateway would see every event and
 * count it again) and whether or not a gateway was running at the time (events are not replayed to a gateway
 * that starts later, and the event stream is trimmed). The duration is measured where the job ran, with no
 * extra round trip to fetch the job. The totals live in Redis, so they are the same on every gateway and
 * survive gateway restarts. The cost is one pipelined write per attempt.
 */

/** Upper bounds, in seconds, of the duration histogram's buckets (a last bucket, +Inf, catches the rest). */
export const JOB_DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300] as const;

/** completed; retried: failed, another attempt follows; failed: failed for good (permanent, or out of attempts). */
export type JobOutcome = 'completed' | 'retried' | 'failed';

export interface JobRun {
  queue: string;
  job: string;
  outcome: JobOutcome;
  seconds: number;
}

export interface JobRunTotals {
  queue: string;
  job: string;
  outcome: JobOutcome;
  /** Runs per bucket, not cumulative: one entry per JOB_DURATION_BUCKETS bound, then the +Inf bucket. */
  buckets: number[];
  count: number;
  sum: number;
}

const SEPARATOR = '|';

export function jobMetricsKey(prefix: string): string {
  return `${prefix}:metrics:jobs`;
}

function bucketIndex(seconds: number): number {
  const index = JOB_DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
  return index === -1 ? JOB_DURATION_BUCKETS.length : index;
}

/** Never fails the job: metrics are best effort, a Redis hiccup only loses this one sample. */
export async function recordJobRun(redis: RedisConnection, prefix: string, run: JobRun): Promise<void> {
  const series = [run.queue, run.job, run.outcome].join(SEPARATOR);
  await redis
    .multi()
    .hincrby(jobMetricsKey(prefix), `${series}${SEPARATOR}b${bucketIndex(run.seconds)}`, 1)
    .hincrby(jobMetricsKey(prefix), `${series}${SEPARATOR}count`, 1)
    .hincrbyfloat(jobMetricsKey(prefix), `${series}${SEPARATOR}sum`, run.seconds)
    .exec()
    .catch(() => undefined);
}

export async function readJobRunTotals(redis: RedisConnection, prefix: string): Promise<JobRunTotals[]> {
  const fields = await redis.hgetall(jobMetricsKey(prefix));
  const series = new Map<string, JobRunTotals>();
  for (const [field, raw] of Object.entries(fields)) {
    const parts = field.split(SEPARATOR);
    if (parts.length !== 4) continue;
    const [queue, job, outcome, slot] = parts as [string, string, JobOutcome, string];
    const id = [queue, job, outcome].join(SEPARATOR);
    let totals = series.get(id);
    if (!totals) {
      totals = {
        queue,
        job,
        outcome,
        buckets: new Array<number>(JOB_DURATION_BUCKETS.length + 1).fill(0),
        count: 0,
        sum: 0,
      };
      series.set(id, totals);
    }
    const value = Number(raw);
    if (slot === 'count') totals.count = value;
    else if (slot === 'sum') totals.sum = value;
    else {
      const index = Number(slot.slice(1));
      if (Number.isInteger(index) && index >= 0 && index < totals.buckets.length)
        totals.buckets[index] = value;
    }
  }
  return [...series.values()];
}
