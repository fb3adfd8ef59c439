import type Stripe from 'stripe';
import {
  subscriptionBefore20250331,
  subscriptionSince20250331,
} from '../test/fixtures/stripe-subscription-shapes';
import {
  billingStateOf,
  entitlementOf,
  fromUnix,
  onProPrice,
  snapshotOf,
  type SubscriptionSnapshot,
} from './entitlement';

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
    priceIds: ['price_pro'],
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

  it('reads an expanded customer object', () => {
    const subscription = {
      ...subscriptionSince20250331([1_800_000_000]),
      customer: { id: 'cus_expanded', object: 'customer' },
    } as unknown as Stripe.Subscription;
    expect(snapshotOf(subscription).customerId).toBe('cus_expanded');
  });

  describe('every subscription shape Stripe sends', () => {
    it('API before 2025-03-31 (items without a period): the subscription’s own current_period_end', () => {
      const snapshot = snapshotOf(subscriptionBefore20250331(1_800_000_000));
      expect(snapshot.currentPeriodEnd).toEqual(new Date(1_800_000_000_000));
      expect(snapshot).toMatchObject({
        id: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw',
        customerId: 'cus_QXg1o8vcGmoR32',
      });
      expect(snapshot.created).toEqual(new Date(1234567890 * 1000));
    });

    it('API 2025-03-31 and later: the latest end among the items', () => {
      expect(snapshotOf(subscriptionSince20250331([976287773])).currentPeriodEnd).toEqual(
        new Date(976287773 * 1000),
      );
      expect(snapshotOf(subscriptionSince20250331([1_800_000_000, 1_800_000_100])).currentPeriodEnd).toEqual(
        new Date(1_800_000_100_000),
      );
    });

    it('a cancelled-at-period-end subscription of the old shape keeps Pro until that end', () => {
      const end = Math.floor(LATER.getTime() / 1000);
      const snapshot = snapshotOf({
        ...subscriptionBefore20250331(end),
        cancel_at_period_end: true,
      });
      expect(entitlementOf(snapshot, NOW)).toEqual({ grantsPro: true, proUntil: LATER });
    });

    it('never yields an invalid date, whatever the items hold', () => {
      const odd = subscriptionSince20250331([1_800_000_000]);
      const items = odd.items.data as unknown as Array<Record<string, unknown>>;
      items.push({ ...items[0], id: 'si_odd', current_period_end: null });
      const snapshot = snapshotOf(odd);
      expect(snapshot.currentPeriodEnd).toEqual(new Date(1_800_000_000_000));

      const neither = { ...subscriptionBefore20250331(), current_period_end: undefined };
      expect(snapshotOf(neither as unknown as Stripe.Subscription).currentPeriodEnd).toBeNull();
    });
  });

  it('the date conversion refuses anything but a finite number of seconds', () => {
    expect(fromUnix(1_800_000_000)).toEqual(new Date(1_800_000_000_000));
    for (const value of [Number.NaN, Infinity, -Infinity, undefined, null, '1800000000'])
      expect(fromUnix(value)).toBeNull();
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

describe('onProPrice', () => {
  it('keeps only the subscriptions to the Pro price, and those stored before prices were recorded', () => {
    const pro = snapshot({ id: 'sub_pro', priceIds: ['price_other', 'price_pro'] });
    const other = snapshot({ id: 'sub_other', priceIds: ['price_other'] });
    const unknown = snapshot({ id: 'sub_old', priceIds: null });
    expect(onProPrice([pro, other, unknown], 'price_pro').map((s) => s.id)).toEqual(['sub_pro', 'sub_old']);
    // A Pro subscription elsewhere on the account grants nothing, and nothing is Pro without a price set.
    expect(billingStateOf(onProPrice([other], 'price_pro'), NOW)).toEqual({
      plan: 'free',
      subscriptionStatus: null,
      proUntil: null,
    });
    expect(onProPrice([pro], '')).toEqual([]);
  });

  it('reads the prices from the subscription items', () => {
    const subscription = {
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      created: 1_800_000_000,
      items: { data: [{ price: { id: 'price_a' } }, { price: 'price_b' }, { price: null }] },
    } as unknown as Stripe.Subscription;
    expect(snapshotOf(subscription).priceIds).toEqual(['price_a', 'price_b']);
  });
});
