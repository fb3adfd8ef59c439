import type { JobContext, JobDeltaStreams } from '@lectern/queue-runtime';

/**
 * Runs a handler's work with a `publish(text)` for its job's text: live when a gateway opened the job's stream
 * (its client asked for an event stream), undefined otherwise. Every piece is in Redis before the job completes,
 * so a stream's `done` always follows its last delta.
 */
export async function withJobDeltas<T>(
  deltas: JobDeltaStreams | undefined,
  { job, logger }: Pick<JobContext, 'job' | 'logger'>,
  work: (publish: ((text: string) => void) | undefined) => Promise<T>,
): Promise<T> {
  const publisher = await deltas?.publisherFor(job, (error) =>
    logger.warn({ err: error }, 'a piece of streamed text could not be relayed'),
  );
  try {
    return await work(publisher?.publish);
  } finally {
    await publisher?.flush();
  }
}
