import type { SubscriptionStatus } from '@lectern/contracts';
import pg from 'pg';
import { inject } from 'vitest';

// Billing state is written the way the billing worker leaves it after Stripe's webhooks: the users row's plan,
// subscription status and end of Pro. The session reads the account afresh on every request, so a reload shows it.

export interface BillingState {
  plan: 'free' | 'pro';
  subscriptionStatus?: SubscriptionStatus | null;
  proUntil?: Date | null;
}

export async function setBilling(email: string, state: BillingState): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const result = await client.query(
      'UPDATE users SET plan = $2, subscription_status = $3, pro_until = $4 WHERE email = $1',
      [email, state.plan, state.subscriptionStatus ?? null, state.proUntil ?? null],
    );
    if (result.rowCount !== 1) throw new Error(`no account for ${email}`);
  } finally {
    await client.end();
  }
}
