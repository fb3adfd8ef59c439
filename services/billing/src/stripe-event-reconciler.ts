import type { Queue } from 'bullmq';
import type { ReconcileStripeEventsResult } from '@lectern/contracts';
import type { Logger } from '@lectern/queue-runtime';
import { queueStripeEvent } from '@lectern/handovers';
import { LOCK_HELD, type BillingStore } from './billing-store';

export const RECONCILE_JOB = 'reconcile-stripe-events';
/** One scheduler id for every billing worker process: BullMQ keeps a single repeat job under it. */
export const RECONCILE_SCHEDULER_ID = 'billing:reconcile-stripe-events';
// Events re-queued per run at most; the rest wait for the next run (oldest first).
const BATCH = 500;

export interface StripeEventReconcilerDeps {
  queue: Queue;
  store: BillingStore;
  logger: Logger;
  /** STRIPE_RECONCILE_AFTER_MS: how long an event may stay unprocessed before it is queued again. */
  afterMs: number;
}

/**
 * Stripe answers our 200 once and never redelivers, so a stored event whose job failed for good, was removed,
 * or was lost with Redis would otherwise never be processed. A repeatable job re-queues every event still
 * unprocessed after `afterMs`; it runs every half of that, so an event waits at most about 1.5 × `afterMs`.
 */
export class StripeEventReconciler {
  private watchdog: NodeJS.Timeout | null = null;

  constructor(private readonly deps: StripeEventReconcilerDeps) {}

  get intervalMs(): number {
    return Math.max(1000, Math.floor(this.deps.afterMs / 2));
  }

  /**
   * Registers the repeat job (idempotent: BullMQ's upsert is atomic and keeps one scheduler per id, whatever
   * the number of workers), and registers it again every interval in case Redis lost it.
   */
  async start(): Promise<void> {
    await this.schedule();
    this.watchdog = setInterval(() => {
      this.schedule().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'could not register the Stripe event reconciler'),
      );
    }, this.deps.afterMs);
    this.watchdog.unref();
  }

  stop(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
  }

  private async schedule(): Promise<void> {
    await this.deps.queue.upsertJobScheduler(
      RECONCILE_SCHEDULER_ID,
      { every: this.intervalMs },
      {
        name: RECONCILE_JOB,
        data: {},
        opts: { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 100 } },
      },
    );
  }

  /** One run: re-queues every event unprocessed after `afterMs`. Skipped while another worker runs it. */
  async run(): Promise<ReconcileStripeEventsResult> {
    const { store, queue, logger, afterMs } = this.deps;
    // Held for the whole run, so two workers never reconcile at once even if a run outlasts its interval.
    const outcome = await store.tryWithLock('reconcile-stripe-events', async (db) => {
      const requeued: string[] = [];
      for (const eventId of await store.unprocessedEventIds(afterMs, BATCH, db)) {
        if ((await queueStripeEvent(queue, eventId)) === 'queued') requeued.push(eventId);
      }
      return requeued;
    });
    if (outcome === LOCK_HELD) return { ran: false, requeued: [] };
    if (outcome.length > 0)
      logger.warn(
        { events: outcome.length, eventIds: outcome.slice(0, 20) },
        'unprocessed Stripe events queued again',
      );
    return { ran: true, requeued: outcome };
  }
}
