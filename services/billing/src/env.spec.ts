import { parseEnv } from '@lectern/queue-runtime';
import { BillingEnvSchema } from './env';

const SECRET = 'sk_live_Pa55w0rd83f1';

describe("the billing worker's configuration", () => {
  it.each([
    ['STRIPE_API_URL', `ftp://${SECRET}:@stripe.internal`, 'ftp://***@stripe.internal'],
    ['DATABASE_URL', `mysql://lectern:${SECRET}@db/lectern`, 'mysql://***@db/lectern'],
    ['REDIS_URL', `http://:${SECRET}@cache:6379`, 'http://***@cache:6379'],
  ])('names a wrong %s without printing its credentials', (variable, value, shown) => {
    expect(() => parseEnv(BillingEnvSchema, { [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} .*\\(got "${shown.replace(/[.*]/g, '\\$&')}"\\)$`),
    );
    expect(() => parseEnv(BillingEnvSchema, { [variable]: value })).not.toThrow(SECRET);
  });
});
