import type { User } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PlanCard } from '@/components/profile/plan-card';
import { planStatus } from '@/lib/billing-status';
import { createQueryClient } from '@/lib/query-client';

type Billing = Pick<User, 'plan' | 'role' | 'subscriptionStatus' | 'proUntil'>;

const NOW = new Date('2026-11-22T12:00:00Z');
const free: Billing = { plan: 'free', role: 'user', subscriptionStatus: null, proUntil: null };
const pro: Billing = { plan: 'pro', role: 'user', subscriptionStatus: 'active', proUntil: null };

function renderCard(user: Billing) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PlanCard user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('planStatus', () => {
  it('shows an active Pro plan with nothing to do', () => {
    expect(planStatus(pro, NOW)).toEqual({
      isPro: true,
      title: 'Pro Plan',
      badge: { label: 'Active', tone: 'default' },
      proUntil: null,
      notice: null,
    });
  });

  it('treats admins as Pro, with or without a subscription', () => {
    const activePro = {
      isPro: true,
      title: 'Pro Plan',
      badge: { label: 'Active', tone: 'default' },
      proUntil: null,
      notice: null,
    };
    expect(planStatus({ ...free, role: 'admin' }, NOW)).toEqual(activePro);
    expect(planStatus({ ...pro, role: 'admin' }, NOW)).toEqual(activePro);
    expect(planStatus({ ...free, role: 'admin', subscriptionStatus: 'canceled' }, NOW)).toEqual(activePro);
  });

  it('asks for a new payment method while a payment is due', () => {
    const status = planStatus({ ...pro, subscriptionStatus: 'past_due' }, NOW);
    expect(status.badge).toEqual({ label: 'Payment due', tone: 'destructive' });
    expect(status.notice).toMatch(/Update your payment method via Manage Subscription/);
  });

  it('says until when Pro lasts after cancelling', () => {
    const status = planStatus({ ...pro, proUntil: '2026-12-05T10:00:00.000Z' }, NOW);
    expect(status.proUntil).toBe('Pro until 5 Dec 2026');
    expect(status.badge?.label).toBe('Cancelled');
    expect(status.notice).toBeNull();
  });

  it('ignores an end date that has passed or cannot be read', () => {
    expect(planStatus({ ...pro, proUntil: '2026-11-01T00:00:00Z' }, NOW).proUntil).toBeNull();
    expect(planStatus({ ...pro, proUntil: 'soon' }, NOW).proUntil).toBeNull();
  });

  it('shows the payment problem first when both apply', () => {
    const status = planStatus(
      { ...pro, subscriptionStatus: 'past_due', proUntil: '2026-12-05T10:00:00Z' },
      NOW,
    );
    expect(status.badge?.label).toBe('Payment due');
    expect(status.proUntil).toBe('Pro until 5 Dec 2026');
  });

  it('shows the Free plan with no badge', () => {
    expect(planStatus(free, NOW)).toMatchObject({ isPro: false, title: 'Free Plan', badge: null });
  });
});

describe('PlanCard', () => {
  it('renders Pro with Active and Manage Subscription', () => {
    renderCard(pro);
    const card = screen.getByRole('region', { name: 'Pro Plan' });
    expect(card).toHaveTextContent('Active');
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("renders 'Payment due' and the line about the payment method", () => {
    renderCard({ ...pro, subscriptionStatus: 'past_due' });
    expect(screen.getByText('Payment due')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Update your payment method via Manage Subscription',
    );
    expect(screen.queryByText('Active')).toBeNull();
  });

  it("renders 'Pro until <date>' when cancelled at period end", () => {
    const inAMonth = new Date(Date.now() + 30 * 86_400_000);
    renderCard({ ...pro, proUntil: inAMonth.toISOString() });
    const expected = inAMonth.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    expect(screen.getByText(`Pro until ${expected}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
  });

  it('renders Free with its limits and Upgrade to Pro', () => {
    renderCard(free);
    expect(screen.getByRole('region', { name: 'Free Plan' })).toHaveTextContent('5 transcripts per month');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  });
});
