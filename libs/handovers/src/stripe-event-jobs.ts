import type { Queue } from 'bullmq';
import { QueueName } from '@lectern/contracts';
import { jobOptionsFor } from '@lectern/queue-runtime';

/** Webhook event jobs ride the billing queue's pro lane: a plan change should apply within seconds. */
export const STRIPE_EVENT_JOB = 'process-webhook-event';

// A few quick retries for a blip; a longer outage is the reconciler's: it queues the event again once it has
// been unprocessed for STRIPE_RECONCILE_AFTER_MS, whatever became of this job.
const STRIPE_EVENT_RETRIES = { attempts: 4, backoff: { type: 'exponential', delay: 1000 } } as const;

// BullMQ never adds a job whose id it still holds, even a failed one, so "add again" alone would be swallowed.
const FINISHED = new Set(['failed', 'completed']);

export type StripeEventQueueing = 'queued' | 'already-queued';

/**
 * Queues a stored Stripe event for the billing worker, under the event id as job id. A job of that id that
 * is waiting, delayed or running is left alone (it will process the event); a finished one (failed for good,
 * or completed without marking the row) is removed first and the event queued afresh. Keeping one id per
 * event, rather than a new id per attempt, means at most one job per event exists at any time, so two
 * re-queuers (a redelivery and the reconciler) never run the same event twice at once: BullMQ refuses to
 * remove a job a worker holds, and adding an id that exists is a no-op.
 */
export async function queueStripeEvent(queue: Queue, eventId: string): Promise<StripeEventQueueing> {
  const state = await queue.getJobState(eventId);
  if (state !== 'unknown' && !FINISHED.has(state)) return 'already-queued';
  if (FINISHED.has(state)) await queue.remove(eventId);
  await queue.add(
    STRIPE_EVENT_JOB,
    { eventId },
    jobOptionsFor(QueueName.Billing, { jobId: eventId, ...STRIPE_EVENT_RETRIES }),
  );
  return 'queued';
}
