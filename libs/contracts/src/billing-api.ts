import { z } from 'zod';

/** Stripe's checkout session ids: `cs_test_…` or `cs_live_…`, letters, digits and underscores. */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export const SyncCheckoutRequestSchema = z.object({
  sessionId: z
    .string({ error: 'A checkout sessionId is required.' })
    .regex(CHECKOUT_SESSION_ID, 'The sessionId is not a Stripe checkout session id.'),
});
export type SyncCheckoutRequest = z.input<typeof SyncCheckoutRequestSchema>;
