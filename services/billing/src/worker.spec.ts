import { createBillingHandlers } from './worker';

describe('billing worker handlers', () => {
  it('answers 503 "Billing is not configured." for billing jobs when no billing service is wired', async () => {
    await expect(
      createBillingHandlers()['create-checkout-session'](
        { userId: 'u', successUrl: 's', cancelUrl: 'c' },
        {} as never,
      ),
    ).rejects.toMatchObject({ status: 503, message: '[503] Billing is not configured.' });
  });
});
