// Billing figures: how long a paying user waits for Pro. A signed checkout.session.completed webhook →
// stored → queued → billing worker reads Stripe → the user's next /api/auth/me says Pro; and the same through
// the success page's checkout sync, with no webhook. Stripe is the repository's fake Stripe (the real `stripe`
// SDK talks to it over HTTP), from the built @lectern/fakes.
import { createRequire } from 'node:module';
import path from 'node:path';
import { percentile, root, round, signUp, startStack } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const fake = require('@lectern/fakes/stripe');

/** Polls the user's own view of their plan (what the success page refreshes) until it says Pro. */
async function untilPro(user, deadlineMs = 30_000) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const me = await (await user.call('GET', '/api/auth/me')).json();
    if (me.plan === 'pro') return;
    if (Date.now() > deadline) throw new Error(`still ${me.plan} after ${deadlineMs} ms`);
    await sleep(5);
  }
}

async function checkoutStarted(baseUrl, label) {
  const user = await signUp(baseUrl, label);
  const response = await user.call('POST', '/api/stripe/create-checkout-session');
  if (response.status !== 200) throw new Error(`checkout failed: ${response.status}`);
  const { url } = await response.json();
  return { user, sessionId: url.split('/').pop() };
}

function figures(timings) {
  return {
    p50Ms: round(percentile(timings, 50)),
    p95Ms: round(percentile(timings, 95)),
    maxMs: round(Math.max(...timings)),
  };
}

export async function billingRoundTrip({ deliveries = 40 } = {}) {
  const stripe = await fake.startFakeStripe();
  const stack = await startStack({
    env: {
      STRIPE_SECRET_KEY: fake.FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: fake.FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: fake.FAKE_PRICE_ID,
      STRIPE_API_URL: stripe.url,
    },
  });
  try {
    const webhook = [];
    for (let i = 0; i < deliveries; i += 1) {
      const { user, sessionId } = await checkoutStarted(stack.baseUrl, `payer${i}`);
      const { session } = stripe.completeCheckout(sessionId);
      const { body, signature } = fake.signedDelivery(
        fake.stripeEvent('checkout.session.completed', session),
      );
      const started = performance.now();
      const response = await fetch(`${stack.baseUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
      await untilPro(user);
      webhook.push(performance.now() - started);
    }

    const sync = [];
    for (let i = 0; i < deliveries; i += 1) {
      const { user, sessionId } = await checkoutStarted(stack.baseUrl, `returning${i}`);
      stripe.completeCheckout(sessionId);
      const started = performance.now();
      const response = await user.call('POST', '/api/stripe/sync-checkout', { sessionId });
      if (response.status !== 200 || (await response.json()).plan !== 'pro')
        throw new Error(`checkout sync answered ${response.status}`);
      sync.push(performance.now() - started);
    }

    return {
      deliveries,
      webhookToPro: figures(webhook),
      checkoutSyncToPro: figures(sync),
      target: 'webhook → Pro p95 < 2,000 ms; checkout sync p95 < 1,000 ms',
    };
  } finally {
    await stack.stop();
    await stripe.close();
  }
}

// `node bench/billing.bench.mjs` (after `npm run build`): only this one.
if (process.argv[1] === path.join(root, 'bench/billing.bench.mjs')) {
  console.log(JSON.stringify(await billingRoundTrip(), null, 2));
  process.exit(0);
}
