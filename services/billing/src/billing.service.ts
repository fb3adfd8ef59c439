import Stripe from 'stripe';
import {
  BillingMessage,
  hasProAccess,
  type BillingSyncResult,
  type CancelSubscriptionsData,
  type CancelSubscriptionsResult,
  type CheckoutSyncResult,
  type CreateCheckoutSessionData,
  type CreatePortalSessionData,
  type PlanChangedEvent,
  type SessionUrlResult,
  type SyncCheckoutSessionData,
} from '@lectern/contracts';
import { PermanentJobError, type Logger } from '@lectern/queue-runtime';
import type { BillingStore, BillingUser, StoredEvent } from './billing-store';
import {
  billingStateOf,
  entitlementOf,
  onProPrice,
  snapshotOf,
  type SubscriptionSnapshot,
} from './entitlement';
import { callStripe, isMissingResource, toJobError } from './stripe-errors';

export interface BillingServiceDeps {
  stripe: Stripe | null;
  priceId: string;
  store: BillingStore;
  /** Announces a committed plan change (Redis pub/sub in production). */
  publish: (event: PlanChangedEvent) => Promise<void>;
  /** Re-reads the subscription from Stripe at `at` (a delayed job), e.g. when a cancelled period ends. */
  scheduleSync: (subscriptionId: string, at: Date) => Promise<void>;
  logger: Logger;
  now?: () => Date;
}

type StripeObject = Record<string, unknown>;

/** Subscriptions in these states bill no more. */
const ENDED_STATUSES = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** An expandable Stripe field: an id, or the object carrying it. */
const idOf = (value: unknown): string | null =>
  str(value) ?? (typeof value === 'object' && value !== null ? str((value as StripeObject).id) : null);

/**
 * Lectern's checkouts name their user in client_reference_id (and metadata); a session without one (created
 * elsewhere) belongs to the user only through their own Stripe customer.
 */
function checkoutBelongsTo(session: Stripe.Checkout.Session, user: BillingUser): boolean {
  const named = str(session.client_reference_id) ?? str(session.metadata?.userId);
  if (named) return named === user.id;
  const customer = idOf(session.customer);
  return customer !== null && customer === user.stripeCustomerId;
}

/** Every conversation Lectern has with Stripe, and the plan it derives from Stripe's current state. */
export class BillingService {
  private readonly now: () => Date;

  constructor(private readonly deps: BillingServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async createCheckoutSession(data: CreateCheckoutSessionData): Promise<SessionUrlResult> {
    const stripe = this.requireStripe();
    if (this.deps.priceId === '') throw new PermanentJobError(503, BillingMessage.NotConfigured);
    const user = await this.requireUser(data.userId);
    if (this.hasPro(user)) throw new PermanentJobError(409, BillingMessage.AlreadyPro);
    const customer = await this.ensureCustomer(stripe, user.id);
    const session = await callStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price: this.deps.priceId, quantity: 1 }],
        client_reference_id: user.id,
        metadata: { userId: user.id },
        // The subscription carries the user too, so its own events find the account.
        subscription_data: { metadata: { userId: user.id } },
        success_url: data.successUrl,
        cancel_url: data.cancelUrl,
      }),
    );
    if (await this.deletedMeanwhile(user.id, customer)) {
      // The account was deleted while Stripe made the page: its deletion could not see it, so it is expired here.
      await callStripe(() => this.expireCheckout(stripe, session.id));
      throw new PermanentJobError(404, 'Account not found.');
    }
    if (!session.url) throw new PermanentJobError(502, 'Stripe did not return a checkout page.');
    return { url: session.url };
  }

  /**
   * Read after the Checkout Session exists. An account deletion marks the customer deleted before it lists the
   * open sessions, so a session created too late for that list finds the mark (or the account gone) here.
   */
  private async deletedMeanwhile(userId: string, customer: string): Promise<boolean> {
    const { store } = this.deps;
    return !(await store.findUser(userId)) || (await store.isDeletedCustomer(customer));
  }

  async createPortalSession(data: CreatePortalSessionData): Promise<SessionUrlResult> {
    const stripe = this.requireStripe();
    const user = await this.requireUser(data.userId);
    const customer = user.stripeCustomerId;
    if (!customer) throw new PermanentJobError(400, BillingMessage.NoCustomer);
    try {
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: data.returnUrl });
      return { url: session.url };
    } catch (error) {
      if (isMissingResource(error)) throw new PermanentJobError(400, BillingMessage.NoCustomer);
      throw toJobError(error);
    }
  }

  /** One stored webhook event; a replay (already processed) does nothing. */
  async processWebhookEvent(eventId: string): Promise<BillingSyncResult> {
    const event = await this.deps.store.findEvent(eventId);
    if (!event || event.processedAt) return { outcome: 'skipped', changedUserIds: [] };
    const changed = await this.handleEvent(event);
    await this.deps.store.markEventProcessed(event.id, changed === null ? 'ignored' : 'processed');
    return changed === null
      ? { outcome: 'skipped', changedUserIds: [] }
      : { outcome: 'processed', changedUserIds: changed };
  }

  /**
   * The user is back from Checkout: reads that session from Stripe and syncs its subscription now, so Pro does
   * not wait for the webhook. A session of someone else's answers exactly what a missing one does (404).
   */
  async syncCheckoutSession(data: SyncCheckoutSessionData): Promise<CheckoutSyncResult> {
    const stripe = this.requireStripe();
    const user = await this.requireUser(data.userId);
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(data.sessionId);
    } catch (error) {
      if (isMissingResource(error)) throw new PermanentJobError(404, BillingMessage.CheckoutNotFound);
      throw toJobError(error);
    }
    if (!checkoutBelongsTo(session, user)) throw new PermanentJobError(404, BillingMessage.CheckoutNotFound);
    const subscription = idOf(session.subscription);
    if (session.mode !== 'subscription' || session.status !== 'complete' || !subscription) {
      throw new PermanentJobError(409, BillingMessage.CheckoutNotComplete);
    }
    const customer = idOf(session.customer);
    if (customer) await this.deps.store.linkCustomerIfMissing(user.id, customer);
    await this.sync(subscription, user.id);
    const synced = await this.requireUser(user.id);
    return {
      plan: synced.plan,
      subscriptionStatus: synced.subscriptionStatus,
      proUntil: synced.proUntil?.toISOString() ?? null,
    };
  }

  async syncSubscription(subscriptionId: string, hint: { userId?: string } = {}): Promise<BillingSyncResult> {
    const changed = await this.sync(subscriptionId, hint.userId ?? null);
    return { outcome: 'processed', changedUserIds: changed };
  }

  /**
   * The person is deleting their account: every Checkout page still open for their customer is expired (Stripe
   * keeps one payable for 24 hours), then every subscription of theirs that still bills (stored here, or listed
   * by Stripe for their customer, in case its webhook has not arrived yet) is cancelled now, not at period end.
   * Expiring first means a payment finishing meanwhile leaves a subscription the listing then finds.
   * Any failure is permanent and answered at once: the account is then kept, and asking again is safe.
   */
  async cancelSubscriptions(data: CancelSubscriptionsData): Promise<CancelSubscriptionsResult> {
    const { store, logger } = this.deps;
    const user = await store.findUser(data.userId);
    if (!user) return { canceled: [] };
    const ids = new Set(await store.billingSubscriptionIdsOf(user.id));
    const stripe = this.deps.stripe;
    if (!stripe) {
      if (ids.size === 0) return { canceled: [] };
      throw new PermanentJobError(503, BillingMessage.NotConfigured);
    }
    let expired: string[] = [];
    try {
      if (user.stripeCustomerId) {
        // First, so a subscription that still turns up for this customer later is known to be no one's.
        await this.deps.store.rememberDeletedCustomer(user.stripeCustomerId);
        expired = await this.expireOpenCheckouts(stripe, user.stripeCustomerId);
        for await (const subscription of stripe.subscriptions.list({
          customer: user.stripeCustomerId,
          status: 'all',
        })) {
          if (!ENDED_STATUSES.has(subscription.status)) ids.add(subscription.id);
        }
      }
      for (const id of ids) {
        await stripe.subscriptions.cancel(id).catch((error: unknown) => {
          // Already gone in Stripe: nothing left to bill.
          if (!isMissingResource(error)) throw error;
        });
      }
    } catch (error) {
      logger.warn(
        { err: error, userId: user.id },
        'could not cancel the subscriptions of an account being deleted',
      );
      throw new PermanentJobError(502, BillingMessage.CancelFailed);
    }
    for (const id of ids) {
      // The cancellation is done in Stripe; storing it here is a courtesy the webhook would also do.
      await this.sync(id, user.id).catch((error: unknown) =>
        logger.warn({ err: error, subscriptionId: id }, 'cancelled subscription not synced yet'),
      );
    }
    logger.info(
      { userId: user.id, canceled: [...ids], expiredCheckouts: expired },
      'subscriptions cancelled for an account deletion',
    );
    return { canceled: [...ids] };
  }

  /** Expires the customer's open Checkout Sessions; answers their ids. */
  private async expireOpenCheckouts(stripe: Stripe, customer: string): Promise<string[]> {
    // Listed in full first: expiring while paging would change the list being paged.
    const open: string[] = [];
    for await (const session of stripe.checkout.sessions.list({ customer, status: 'open' }))
      open.push(session.id);
    for (const id of open) await this.expireCheckout(stripe, id);
    return open;
  }

  private async expireCheckout(stripe: Stripe, sessionId: string): Promise<void> {
    try {
      await stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      // Stripe refuses to expire a session that is no longer open (paid or expired meanwhile) with a 400
      // invalid_request_error and no code; reading the session tells that apart from any other refusal.
      if (!(await this.checkoutNoLongerOpen(stripe, sessionId, error))) throw error;
    }
  }

  private async checkoutNoLongerOpen(stripe: Stripe, sessionId: string, error: unknown): Promise<boolean> {
    if (isMissingResource(error)) return true;
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return false;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    return session.status !== 'open';
  }

  /** The users whose billing changed, or null for an event Lectern does not act on. */
  private async handleEvent(event: StoredEvent): Promise<string[] | null> {
    const object = event.payload?.data?.object ?? {};
    switch (event.type) {
      case 'checkout.session.completed': {
        const subscription = idOf(object.subscription);
        if (object.mode !== 'subscription' || !subscription) return null;
        const userId = str(object.client_reference_id) ?? str((object.metadata as StripeObject)?.userId);
        const customer = idOf(object.customer);
        if (userId && customer) await this.deps.store.linkCustomerIfMissing(userId, customer);
        return this.sync(subscription, userId);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = idOf(object.id);
        return subscription ? this.sync(subscription, null) : null;
      }
      case 'invoice.payment_failed': {
        const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
        // Since API 2025-03-31 the subscription is under parent.subscription_details.
        const subscription = idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
        if (subscription) return this.sync(subscription, null);
        const customer = idOf(object.customer);
        if (!customer) return null;
        const changed: string[] = [];
        for (const id of await this.deps.store.subscriptionIdsOfCustomer(customer))
          changed.push(...(await this.sync(id, null)));
        return changed;
      }
      default:
        return null;
    }
  }

  /**
   * Reads the subscription's current state from Stripe and stores it, then recomputes its owner's plan. The
   * read and the write happen under a lock on the subscription, so the last write is always the newest read:
   * however events are ordered or repeated, the stored state converges on Stripe's.
   */
  private async sync(subscriptionId: string, userHint: string | null): Promise<string[]> {
    const stripe = this.requireStripe();
    const { store } = this.deps;
    const owner = await store.withLock(`subscription:${subscriptionId}`, async (db) => {
      let subscription: Stripe.Subscription | null;
      try {
        subscription = await stripe.subscriptions.retrieve(subscriptionId);
      } catch (error) {
        if (!isMissingResource(error)) throw toJobError(error);
        subscription = null;
      }
      if (!subscription) {
        await store.markSubscriptionGone(subscriptionId, db);
        return store.findSubscriptionOwner(subscriptionId, db);
      }
      const snapshot = snapshotOf(subscription);
      const userId = await this.ownerOf(subscription, snapshot, userHint, db);
      if (!userId) {
        await this.cancelIfOwnerDeleted(stripe, subscription);
        return null;
      }
      await store.saveSubscription(userId, snapshot, db);
      return userId;
    });
    if (!owner) return [];
    return (await this.recompute(owner)) ? [owner] : [];
  }

  private async ownerOf(
    subscription: Stripe.Subscription,
    snapshot: SubscriptionSnapshot,
    userHint: string | null,
    db: Parameters<Parameters<BillingStore['withLock']>[1]>[0],
  ): Promise<string | null> {
    const { store } = this.deps;
    for (const candidate of [str(subscription.metadata.userId), userHint]) {
      if (candidate && (await store.findUser(candidate, db))) return candidate;
    }
    const byCustomer = await store.findUserByCustomer(snapshot.customerId, db);
    return byCustomer?.id ?? (await store.findSubscriptionOwner(snapshot.id, db));
  }

  /**
   * A subscription no Lectern user owns. If it still bills and its customer belonged to an account deleted here
   * (a Checkout page paid in the moment the account was being deleted), it is cancelled at once: nobody is billed
   * for an account that is gone. Anything else is left alone: it may belong to another install sharing the
   * Stripe account, and only this install's own deleted customers are its to cancel.
   */
  private async cancelIfOwnerDeleted(stripe: Stripe, subscription: Stripe.Subscription): Promise<void> {
    const { logger, store } = this.deps;
    const customer = idOf(subscription.customer);
    if (ENDED_STATUSES.has(subscription.status) || !customer || !(await store.isDeletedCustomer(customer))) {
      logger.warn({ subscriptionId: subscription.id }, 'subscription belongs to no Lectern user; ignored');
      return;
    }
    try {
      await stripe.subscriptions.cancel(subscription.id);
    } catch (error) {
      if (!isMissingResource(error)) throw toJobError(error);
    }
    logger.error(
      { subscriptionId: subscription.id, customer, status: subscription.status },
      'subscription of a deleted account was still billing; cancelled it in Stripe',
    );
  }

  /** Derives the user's plan from all their stored subscriptions; publishes and schedules when it changed. */
  private async recompute(userId: string): Promise<boolean> {
    const { store } = this.deps;
    const now = this.now();
    const result = await store.withLock(`user:${userId}`, async (db) => {
      const user = await store.findUser(userId, db);
      if (!user) return null;
      const snapshots = onProPrice(await store.subscriptionsOf(userId, db), this.deps.priceId);
      const state = billingStateOf(snapshots, now);
      const same =
        user.plan === state.plan &&
        user.subscriptionStatus === state.subscriptionStatus &&
        (user.proUntil?.getTime() ?? null) === (state.proUntil?.getTime() ?? null);
      if (!same) await store.saveBillingState(userId, state, db);
      return { state, changed: !same, snapshots };
    });
    if (!result) return false;
    const { state, changed, snapshots } = result;
    // A cancelled subscription's paid period ends later: read it again then, so the downgrade does not depend
    // on Stripe's customer.subscription.deleted arriving (reads check the end time meanwhile).
    for (const snapshot of snapshots) {
      const { proUntil } = entitlementOf(snapshot, now);
      if (proUntil) await this.deps.scheduleSync(snapshot.id, proUntil);
    }
    if (changed) {
      this.deps.logger.info({ userId, ...state }, 'plan changed');
      await this.deps.publish({
        userId,
        plan: state.plan,
        subscriptionStatus: state.subscriptionStatus,
        proUntil: state.proUntil?.toISOString() ?? null,
        changedAt: now.toISOString(),
      });
    }
    return changed;
  }

  private async ensureCustomer(stripe: Stripe, userId: string): Promise<string> {
    const { store } = this.deps;
    // Locked so two checkouts at once never create two customers for one user.
    return store.withLock(`user:${userId}`, async (db) => {
      const user = await store.findUser(userId, db);
      if (!user) throw new PermanentJobError(404, 'Account not found.');
      if (user.stripeCustomerId) {
        const existing = await this.retrieveCustomer(stripe, user.stripeCustomerId);
        if (existing) return existing;
      }
      const customer = await callStripe(() =>
        stripe.customers.create(
          { email: user.email, name: user.name ?? undefined, metadata: { userId: user.id } },
          { idempotencyKey: `lectern-customer-${user.id}-${user.stripeCustomerId ?? 'first'}` },
        ),
      );
      await store.setCustomer(user.id, customer.id, db);
      return customer.id;
    });
  }

  /** The stored customer's id while Stripe still has it; null when it was deleted in Stripe. */
  private async retrieveCustomer(stripe: Stripe, customerId: string): Promise<string | null> {
    try {
      const customer = await stripe.customers.retrieve(customerId);
      return 'deleted' in customer && customer.deleted ? null : customer.id;
    } catch (error) {
      if (isMissingResource(error)) return null;
      throw toJobError(error);
    }
  }

  private hasPro(user: BillingUser): boolean {
    const ended = user.proUntil !== null && user.proUntil.getTime() <= this.now().getTime();
    return hasProAccess({ plan: ended ? 'free' : user.plan, role: user.role });
  }

  private async requireUser(userId: string): Promise<BillingUser> {
    const user = await this.deps.store.findUser(userId);
    if (!user) throw new PermanentJobError(404, 'Account not found.');
    return user;
  }

  private requireStripe(): Stripe {
    if (!this.deps.stripe) throw new PermanentJobError(503, BillingMessage.NotConfigured);
    return this.deps.stripe;
  }
}
