import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import passport from 'passport';
import type { RedisClientType } from 'redis';
import { mountBullBoard } from '../admin/bull-board';
import type { GatewayEnv } from '../config/gateway-env';
import { httpMetrics } from '../metrics/http-metrics';
import { mountMetrics, METRICS_PATH } from '../metrics/metrics-endpoint';
import { MetricsService } from '../metrics/metrics.service';
import { SESSION_REDIS_CLIENT } from '../queues/redis.tokens';
import { STRIPE_WEBHOOK_PATH, stripeWebhookBody } from '../billing/stripe-webhook-body';
import { ApiExceptionFilter } from './api-exception.filter';
import { jsonBody } from './json-body';
import { requestPolicy } from './request-policy';
import { absoluteSessionExpiry, createSessionMiddleware, isHttps } from './session';
import { defaultWebDistDir, spaHandler } from './spa';

/** Everything in front of the controllers: headers, body parsing, sessions, the web app, error shape. */
export function configureHttp(app: NestExpressApplication, env: GatewayEnv): void {
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  // API answers are never cached by clients; hashing every (up to megabytes) body for an ETag is pure cost.
  app.set('etag', false);
  app.use(httpMetrics(app.get(MetricsService)));
  app.use(
    helmet({
      hsts: isHttps(env) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'https:'],
          'upgrade-insecure-requests': isHttps(env) ? [] : null,
        },
      },
    }),
  );
  app.use('/api', requestPolicy(env));
  // Before the JSON parser: the webhook's signature covers its exact bytes.
  app.use(STRIPE_WEBHOOK_PATH, stripeWebhookBody());
  app.use('/api', jsonBody());

  const sessions = createSessionMiddleware(env, app.get<RedisClientType>(SESSION_REDIS_CLIENT));
  app.use(
    ['/api', '/admin', METRICS_PATH],
    sessions,
    absoluteSessionExpiry,
    passport.initialize(),
    passport.session(),
  );
  mountBullBoard(app);
  mountMetrics(app);
  app.use(spaHandler(env.WEB_DIST_DIR ?? defaultWebDistDir()));
  app.useGlobalFilters(new ApiExceptionFilter());
}
