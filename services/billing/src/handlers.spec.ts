import { createBillingHandlers } from './handlers';

describe('billing worker handlers', () => {
  it('answers ping with its own service name and process', async () => {
    const answer = await createBillingHandlers().ping({ sentAt: 1 }, {} as never);
    expect(answer.service).toBe('billing');
    expect(answer.pid).toBe(process.pid);
    expect(answer.receivedAt).toBeGreaterThan(1);
  });

  it('answers 503 "Billing is not configured." for billing jobs when no billing service is wired', async () => {
    await expect(
      createBillingHandlers()['create-checkout-session'](
        { userId: 'u', successUrl: 's', cancelUrl: 'c' },
        {} as never,
      ),
    ).rejects.toMatchObject({ status: 503, message: '[503] Billing is not configured.' });
  });
});
