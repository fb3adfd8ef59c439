import type Stripe from 'stripe';
import { billingStateOf, entitlementOf, snapshotOf, type SubscriptionSnapshot } from './entitlement';

const NOW = new Date('2026-11-22T12:00:00Z');
const LATER = new Date('2026-12-22T12:00:00Z');
const EARLIER = new Date('2026-11-01T12:00:00Z');

function snapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    cancelAtPeriodEnd: false,
    cancelAt: null,
    currentPeriodEnd: LATER,
    created: EARLIER,
    ...overrides,
  };
}

describe('entitlementOf', () => {
  it.each(['active', 'trialing', 'past_due'] as const)('%s grants Pro with no end', (status) => {
    expect(entitlementOf(snapshot({ status }), NOW)).toEqual({ grantsPro: true, proUntil: null });
  });

  it.each(['canceled', 'unpaid', 'incomplete_expired', 'incomplete', 'paused'] as const)(
    '%s means Free',
    (status) => {
      expect(entitlementOf(snapshot({ status }), NOW)).toEqual({ grantsPro: false, proUntil: null });
    },
  );

  it('keeps Pro until the period ends after cancelling at period end, then Free', () => {
    const cancelling = snapshot({ cancelAtPeriodEnd: true });
    expect(entitlementOf(cancelling, NOW)).toEqual({ grantsPro: true, proUntil: LATER });
    expect(entitlementOf(cancelling, LATER)).toEqual({ grantsPro: false, proUntil: null });
  });

  it('honours a scheduled cancel_at the same way', () => {
    const scheduled = snapshot({ cancelAt: new Date('2026-12-01T00:00:00Z') });
    expect(entitlementOf(scheduled, NOW).proUntil).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(entitlementOf(scheduled, LATER).grantsPro).toBe(false);
  });
});

describe('billingStateOf', () => {
  it('is Free with no status when the user never subscribed', () => {
    expect(billingStateOf([], NOW)).toEqual({ plan: 'free', subscriptionStatus: null, proUntil: null });
  });

  it('shows past_due while it keeps Pro', () => {
    expect(billingStateOf([snapshot({ status: 'past_due' })], NOW)).toEqual({
      plan: 'pro',
      subscriptionStatus: 'past_due',
      proUntil: null,
    });
  });

  it('stays Pro while any subscription grants it, preferring one that renews', () => {
    const old = snapshot({ id: 'sub_old', status: 'canceled' });
    const ending = snapshot({ id: 'sub_ending', cancelAtPeriodEnd: true });
    const renewing = snapshot({ id: 'sub_new', status: 'active', created: NOW });
    expect(billingStateOf([old, ending], NOW)).toEqual({
      plan: 'pro',
      subscriptionStatus: 'active',
      proUntil: LATER,
    });
    expect(billingStateOf([old, ending, renewing], NOW).proUntil).toBeNull();
  });

  it('calls an ended cancellation canceled, whatever Stripe still says', () => {
    expect(billingStateOf([snapshot({ cancelAtPeriodEnd: true })], LATER)).toEqual({
      plan: 'free',
      subscriptionStatus: 'canceled',
      proUntil: null,
    });
  });

  it('shows the newest subscription when none grants Pro', () => {
    const older = snapshot({ id: 'a', status: 'canceled', created: EARLIER });
    const newer = snapshot({ id: 'b', status: 'incomplete_expired', created: NOW });
    expect(billingStateOf([newer, older], NOW).subscriptionStatus).toBe('incomplete_expired');
  });
});

describe('snapshotOf', () => {
  const base = {
    id: 'sub_9',
    object: 'subscription',
    customer: 'cus_9',
    status: 'active',
    cancel_at_period_end: true,
    cancel_at: null,
    created: 1_700_000_000,
    metadata: {},
  };

  it('reads the period end from the items (API 2025-03-31 and later)', () => {
    const subscription = {
      ...base,
      items: { data: [{ current_period_end: 1_800_000_000 }, { current_period_end: 1_800_000_100 }] },
    } as unknown as Stripe.Subscription;
    expect(snapshotOf(subscription)).toMatchObject({
      id: 'sub_9',
      customerId: 'cus_9',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(1_800_000_100_000),
    });
  });

  it('falls back to the subscription-level period end of older API versions, and expanded customers', () => {
    const subscription = {
      ...base,
      customer: { id: 'cus_expanded' },
      current_period_end: 1_800_000_000,
      items: { data: [] },
    } as unknown as Stripe.Subscription;
    expect(snapshotOf(subscription)).toMatchObject({
      customerId: 'cus_expanded',
      currentPeriodEnd: new Date(1_800_000_000_000),
    });
  });

  it('never grants Pro for a status it does not know', () => {
    const subscription = {
      ...base,
      status: 'something_new',
      items: { data: [] },
    } as unknown as Stripe.Subscription;
    expect(entitlementOf(snapshotOf(subscription), NOW).grantsPro).toBe(false);
  });
});
