import Stripe from 'stripe';
import { PermanentJobError, TransientJobError } from '@lectern/queue-runtime';

export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/**
 * Classifies a failed Stripe call: network trouble, rate limits and Stripe's own 5xx are retried; a refused
 * request is permanent. Anything that is not Stripe's (a database error) is rethrown as it is, and retried.
 */
export function toJobError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500
  ) {
    return new TransientJobError(502, 'Stripe is not responding. Please try again in a moment.');
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new PermanentJobError(503, 'Billing is not configured correctly. Please contact support.');
  }
  return new PermanentJobError(502, 'Stripe could not complete the request. Please try again later.');
}

export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toJobError(error);
  }
}
