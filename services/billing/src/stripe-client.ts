import Stripe from 'stripe';

type Connection = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

/** STRIPE_API_URL as the SDK wants it: host, port and protocol (the SDK's paths always start at /v1). */
export function stripeConnection(apiUrl: string | undefined): Connection {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
    protocol,
  };
}

/** The one Stripe client of the billing worker; null when STRIPE_SECRET_KEY is empty (billing not configured). */
export function createStripeClient(secretKey: string, apiUrl: string | undefined): Stripe | null {
  if (secretKey === '') return null;
  return new Stripe(secretKey, {
    ...stripeConnection(apiUrl),
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Lectern' },
  });
}
