import type Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from '@lectern/contracts';

/** What Lectern keeps of a Stripe subscription: its current state, as last read from Stripe. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** A scheduled cancellation time (Stripe sets it instead of cancel_at_period_end in some flows). */
  cancelAt: Date | null;
  currentPeriodEnd: Date | null;
  created: Date;
  /** The prices its items are on; null for a subscription stored before Lectern recorded them. */
  priceIds: string[] | null;
}

export interface Entitlement {
  grantsPro: boolean;
  /** When Pro ends because the subscription is cancelled at a future time; null while it renews. */
  proUntil: Date | null;
}

export interface BillingState {
  plan: Plan;
  subscriptionStatus: SubscriptionStatus | null;
  proUntil: Date | null;
}

// past_due keeps Pro while Stripe retries the payment; the profile shows the status.
const PRO_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

/** A Unix time in seconds as a Date; anything but a finite number (NaN, a missing field) is no time at all. */
export function fromUnix(seconds: unknown): Date | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function toStatus(status: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : // An unknown future status never grants Pro.
      'incomplete';
}

export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  // The period end lives on the items since API 2025-03-31; before that (stripe-mock, and webhooks of accounts
  // pinned to an older version) items have none and the subscription carries it.
  const itemEnds = (subscription.items?.data ?? [])
    .map((item) => (item as { current_period_end?: unknown }).current_period_end)
    .filter(finite);
  const legacyEnd = (subscription as { current_period_end?: unknown }).current_period_end;
  const periodEnd = itemEnds.length > 0 ? Math.max(...itemEnds) : legacyEnd;
  const customer = subscription.customer;
  return {
    id: subscription.id,
    customerId: typeof customer === 'string' ? customer : customer.id,
    status: toStatus(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: fromUnix(subscription.cancel_at),
    currentPeriodEnd: fromUnix(periodEnd),
    // Stripe always sets it; a malformed one must not fail the save and leave a paying user Free.
    created: fromUnix(subscription.created) ?? new Date(),
    priceIds: (subscription.items?.data ?? []).flatMap((item) => {
      const price = item.price as unknown;
      const priceId = typeof price === 'string' ? price : (price as { id?: unknown } | null | undefined)?.id;
      return typeof priceId === 'string' ? [priceId] : [];
    }),
  };
}

/**
 * The subscriptions to Lectern's Pro price: one to another product of the same Stripe account (or another
 * install's) buys nothing here. One stored before prices were recorded counts until it is next read from Stripe.
 */
export function onProPrice(
  snapshots: readonly SubscriptionSnapshot[],
  proPriceId: string,
): SubscriptionSnapshot[] {
  return snapshots.filter(
    (snapshot) => snapshot.priceIds === null || (proPriceId !== '' && snapshot.priceIds.includes(proPriceId)),
  );
}

/** Pro or not, from the subscription's current state and the clock: never from the order events arrived in. */
export function entitlementOf(snapshot: SubscriptionSnapshot, now: Date): Entitlement {
  if (!PRO_STATUSES.has(snapshot.status)) return { grantsPro: false, proUntil: null };
  const endsAt = snapshot.cancelAt ?? (snapshot.cancelAtPeriodEnd ? snapshot.currentPeriodEnd : null);
  if (endsAt && endsAt.getTime() <= now.getTime()) return { grantsPro: false, proUntil: null };
  return { grantsPro: true, proUntil: endsAt };
}

/**
 * A user's plan from all their subscriptions (a user may have paid twice): Pro while any grants it. The
 * status shown is the granting subscription's (so `past_due` shows), else the most recent one's.
 */
export function billingStateOf(snapshots: readonly SubscriptionSnapshot[], now: Date): BillingState {
  const granting = snapshots
    .map((snapshot) => ({ snapshot, entitlement: entitlementOf(snapshot, now) }))
    .filter(({ entitlement }) => entitlement.grantsPro);
  if (granting.length > 0) {
    const renewing = granting.find(({ entitlement }) => entitlement.proUntil === null);
    const chosen =
      renewing ?? granting.reduce((a, b) => (a.entitlement.proUntil! >= b.entitlement.proUntil! ? a : b));
    return { plan: 'pro', subscriptionStatus: chosen.snapshot.status, proUntil: chosen.entitlement.proUntil };
  }
  const latest = [...snapshots].sort((a, b) => a.created.getTime() - b.created.getTime()).at(-1);
  if (!latest) return { plan: 'free', subscriptionStatus: null, proUntil: null };
  // A subscription whose paid period ran out after cancelling is over, whatever Stripe still calls it.
  return {
    plan: 'free',
    subscriptionStatus: PRO_STATUSES.has(latest.status) ? 'canceled' : latest.status,
    proUntil: null,
  };
}
