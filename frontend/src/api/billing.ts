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
