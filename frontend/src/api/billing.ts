import type { CheckoutSyncResult, SyncCheckoutRequest } from '@lectern/contracts';
import { requestJson } from '@/api/http';

/** Stripe's hosted page to send the browser to. */
export interface RedirectAnswer {
  url: string;
}

export function createCheckoutSession(): Promise<RedirectAnswer> {
  return requestJson<RedirectAnswer>('POST', '/api/stripe/create-checkout-session');
}

export function createPortalSession(): Promise<RedirectAnswer> {
  return requestJson<RedirectAnswer>('POST', '/api/stripe/create-portal-session');
}

/** Back from Checkout: the server reads the session from Stripe and applies its subscription at once. */
export function syncCheckout(sessionId: string): Promise<CheckoutSyncResult> {
  const body: SyncCheckoutRequest = { sessionId };
  return requestJson<CheckoutSyncResult>('POST', '/api/stripe/sync-checkout', body);
}
