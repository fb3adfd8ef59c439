import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import Stripe from 'stripe';
import { BillingMessage, QueueName, laneQueueName } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { queueStripeEvent } from '@lectern/handovers';
import { findStripeEvent, insertStripeEventIfAbsent, type Db } from '@lectern/db';
import { InjectDb } from '../database/database.module';
import type { GatewayEnv } from '../config/gateway-env';
import { withTimeout } from '../common/with-timeout';
import { GATEWAY_ENV } from '../config/load-gateway-env';

/** Stripe's own default: a signature older than five minutes is refused (replay protection). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
// Past this, Redis is taken to be down: the stored event is left to the billing worker's reconciler.
const QUEUE_TIMEOUT_MS = 3000;

/**
 * Receives Stripe's webhook: verifies the signature over the raw body, stores the event durably by id, and
 * queues it for the billing worker (job id = event id). Nothing is decided here: the worker derives the plan
 * from the subscription's current state in Stripe. Should the job be lost or fail for good, the billing
 * worker's reconciler queues the stored event again.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger(StripeWebhooksService.name);

  constructor(
    @InjectDb() private readonly db: Db,
    private readonly requester: JobRequester,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async receive(rawBody: unknown, signature: string | undefined): Promise<{ received: true }> {
    if (this.env.STRIPE_SECRET_KEY === '' || this.env.STRIPE_WEBHOOK_SECRET === '') {
      throw new ServiceUnavailableException(BillingMessage.NotConfigured);
    }
    if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) {
      throw new BadRequestException('The webhook has no body.');
    }
    if (!signature) throw new BadRequestException('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.env.STRIPE_WEBHOOK_SECRET,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch {
      throw new BadRequestException('The Stripe-Signature header is not valid for this body.');
    }

    // Only the facts the billing worker acts on are stored: never the customer's email, name or address.
    await insertStripeEventIfAbsent(this.db, event);
    const stored = await findStripeEvent(this.db, event.id);
    if (!stored) throw new Error(`Stripe event ${event.id} was stored but cannot be read back`);
    // A replay of a processed event changes nothing. An unprocessed one is queued again unless its job is still
    // pending: a redelivery or a resend after the job failed for good is processed, not swallowed.
    if (stored.processed_at === null) await this.queue(event);
    else this.logger.log({ eventId: event.id, type: event.type }, 'replayed Stripe event ignored');
    return { received: true };
  }

  /**
   * The event is stored: Stripe gets its 200 even when Redis cannot take the job now, since the reconciler
   * queues every stored event left unprocessed (answering 5xx would only make Stripe retry for days).
   */
  private async queue(event: Stripe.Event): Promise<void> {
    try {
      await withTimeout(queueStripeEvent(this.eventQueue(), event.id), QUEUE_TIMEOUT_MS, 'Redis');
    } catch (error) {
      this.logger.warn(
        { eventId: event.id, type: event.type, err: error },
        'Stripe event stored but not queued; the reconciler will queue it',
      );
    }
  }

  private eventQueue() {
    // Billing events ride the pro lane: a plan change should apply within seconds.
    const name = laneQueueName(QueueName.Billing, 'pro');
    const queue = this.requester.queues().find((q) => q.name === name);
    if (!queue) throw new Error(`queue ${name} is not open`);
    return queue;
  }
}
