import type { Plan, SubscriptionStatus } from '../entities';
import type { JobKind } from './common';

/** A hosted Checkout Session for the Pro price; the worker creates the user's Stripe customer once. */
export interface CreateCheckoutSessionData {
  userId: string;
  successUrl: string;
  cancelUrl: string;
}

/** A billing portal session for the user's Stripe customer. */
export interface CreatePortalSessionData {
  userId: string;
  returnUrl: string;
}

export interface SessionUrlResult {
  url: string;
}

/** A verified webhook event, already stored in `stripe_events` by the gateway; the job id is the event id. */
export interface ProcessWebhookEventData {
  eventId: string;
}

/** The repeatable job that queues again every stored event still unprocessed after STRIPE_RECONCILE_AFTER_MS. */
export type ReconcileStripeEventsData = Record<string, never>;

export interface ReconcileStripeEventsResult {
  /** False when another billing worker was already running the reconciler (one run at a time). */
  ran: boolean;
  /** Ids of the unprocessed events put back in the queue. */
  requeued: string[];
}

/** The user came back from Checkout: read that session from Stripe and sync its subscription at once. */
export interface SyncCheckoutSessionData {
  userId: string;
  sessionId: string;
}

/** The user's billing state once the checkout session's subscription is synced. */
export interface CheckoutSyncResult {
  plan: Plan;
  subscriptionStatus: SubscriptionStatus | null;
  /** ISO time Pro ends after a cancellation at period end; null while it renews. */
  proUntil: string | null;
}

/** Re-reads one subscription from Stripe, e.g. when a cancelled subscription's paid period ends. */
export interface SyncSubscriptionData {
  subscriptionId: string;
}

/** The person is deleting their account: every subscription of theirs still billing is cancelled now in Stripe. */
export interface CancelSubscriptionsData {
  userId: string;
}

export interface CancelSubscriptionsResult {
  /** The ids of the subscriptions cancelled (none when there was nothing to cancel). */
  canceled: string[];
}

export interface BillingSyncResult {
  /** `skipped`: a replayed event, or one that concerns no Lectern user. */
  outcome: 'processed' | 'skipped';
  /** The users whose plan or billing status changed. */
  changedUserIds: string[];
}

/** The jobs the billing worker handles. */
export interface BillingJobs {
  'create-checkout-session': JobKind<CreateCheckoutSessionData, SessionUrlResult>;
  'create-portal-session': JobKind<CreatePortalSessionData, SessionUrlResult>;
  'process-webhook-event': JobKind<ProcessWebhookEventData, BillingSyncResult>;
  'sync-subscription': JobKind<SyncSubscriptionData, BillingSyncResult>;
  'reconcile-stripe-events': JobKind<ReconcileStripeEventsData, ReconcileStripeEventsResult>;
  'sync-checkout-session': JobKind<SyncCheckoutSessionData, CheckoutSyncResult>;
  'cancel-subscriptions': JobKind<CancelSubscriptionsData, CancelSubscriptionsResult>;
}

/**
 * Published by the billing worker on Redis pub/sub channel `planChangedChannel(REDIS_PREFIX)` after it has
 * committed a user's new plan or billing status to PostgreSQL. The database stays the source of truth: the
 * event tells the gateway (and anything else listening) that it changed, it never carries a grant by itself.
 */
export interface PlanChangedEvent {
  userId: string;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus | null;
  /** ISO time Pro ends after a cancellation at period end; null while it renews. */
  proUntil: string | null;
  changedAt: string;
}

export function planChangedChannel(prefix: string): string {
  return `${prefix}:billing:plan-changed`;
}

/** What users are told, whichever process notices first (the gateway checks early, the worker for sure). */
export const BillingMessage = {
  NotConfigured: 'Billing is not configured.',
  AlreadyPro: 'You already have Pro. Use Manage Subscription on your profile to change or cancel it.',
  NoCustomer: 'You have no subscription to manage yet. Upgrade to Pro first.',
  // Another user's session answers exactly what a missing one does.
  CheckoutNotFound: 'This checkout session was not found.',
  CheckoutNotComplete: 'This checkout is not complete yet.',
  CancelFailed:
    'We could not cancel your subscription with Stripe, so your account was not deleted. Please try again in a moment.',
} as const;
