import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCheckoutSession, createPortalSession, syncCheckout } from '@/api/billing';
import { queryKeys } from '@/api/query-keys';

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

/**
 * Syncs the checkout the user just paid for, then refreshes the current user and usage, so Pro shows even
 * if Stripe's webhook is late or never arrives. A failed sync still refreshes: the webhook may have landed.
 */
export function useCheckoutSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCheckout,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
      ]);
    },
  });
}
