import { useMutation } from '@tanstack/react-query';
import { createCheckoutSession, createPortalSession } from '@/api/billing';

/** Sends the browser to Stripe's hosted page. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

export function useCheckout() {
  return useMutation({ mutationFn: createCheckoutSession, onSuccess: ({ url }) => redirectTo(url) });
}

export function usePortal() {
  return useMutation({ mutationFn: createPortalSession, onSuccess: ({ url }) => redirectTo(url) });
}
