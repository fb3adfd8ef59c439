import { BillingMessage, type QueueName } from '@lectern/contracts';
import { PermanentJobError, type JobHandlers } from '@lectern/queue-runtime';
import type { BillingService } from './billing.service';
import type { StripeEventReconciler } from './stripe-event-reconciler';

/** The billing worker's handlers; without a BillingService (no database wired) each answers 503. */
export function createBillingHandlers(
  billing: BillingService | null = null,
  reconciler: StripeEventReconciler | null = null,
): JobHandlers<typeof QueueName.Billing> {
  const service = (): BillingService => {
    if (!billing) throw new PermanentJobError(503, BillingMessage.NotConfigured);
    return billing;
  };
  return {
    'create-checkout-session': async (data) => service().createCheckoutSession(data),
    'create-portal-session': async (data) => service().createPortalSession(data),
    'process-webhook-event': async (data) => service().processWebhookEvent(data.eventId),
    'sync-subscription': async (data) => service().syncSubscription(data.subscriptionId),
    'sync-checkout-session': async (data) => service().syncCheckoutSession(data),
    'cancel-subscriptions': async (data) => service().cancelSubscriptions(data),
    'reconcile-stripe-events': async () => {
      if (!reconciler) throw new PermanentJobError(503, BillingMessage.NotConfigured);
      return reconciler.run();
    },
  };
}
