import { hasProAccess, type User } from '@lectern/contracts';
import { formatDate } from '@/lib/format';

export type PlanBadgeTone = 'default' | 'destructive' | 'secondary';

/** What the profile's plan card says about the plan and its subscription. */
export interface PlanStatus {
  isPro: boolean;
  title: 'Pro Plan' | 'Free Plan';
  /** The badge next to the title; null on the Free plan. */
  badge: { label: string; tone: PlanBadgeTone } | null;
  /** "Pro until 5 Dec 2026" when the subscription is cancelled at the end of its period. */
  proUntil: string | null;
  /** A line asking for something to be done (a failed payment), or null. */
  notice: string | null;
}

// Stripe retries a failed payment while the subscription is past_due; Pro continues meanwhile.
const PAYMENT_DUE: ReadonlySet<string> = new Set(['past_due', 'unpaid']);

export function planStatus(
  user: Pick<User, 'plan' | 'role' | 'subscriptionStatus' | 'proUntil'>,
  now: Date = new Date(),
): PlanStatus {
  const isPro = hasProAccess(user);
  if (!isPro) return { isPro, title: 'Free Plan', badge: null, proUntil: null, notice: null };

  const paymentDue = user.subscriptionStatus ? PAYMENT_DUE.has(user.subscriptionStatus) : false;
  const until = user.proUntil ? new Date(user.proUntil) : null;
  const endsLater = until !== null && !Number.isNaN(until.getTime()) && until.getTime() > now.getTime();
  const untilText = endsLater ? formatDate(user.proUntil) : null;

  return {
    isPro,
    title: 'Pro Plan',
    badge: paymentDue
      ? { label: 'Payment due', tone: 'destructive' }
      : untilText
        ? { label: 'Cancelled', tone: 'secondary' }
        : { label: 'Active', tone: 'default' },
    proUntil: untilText ? `Pro until ${untilText}` : null,
    notice: paymentDue
      ? 'Your last payment did not go through. Update your payment method via Manage Subscription to keep Pro.'
      : null,
  };
}
