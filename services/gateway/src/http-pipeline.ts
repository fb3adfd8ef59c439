import { UPLOADS_PATH } from '@lectern/contracts';
import { MediaStore } from '@lectern/handovers';
import type { RedisConnection } from '@lectern/queue-runtime';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import passport from 'passport';
import { mountBullBoard } from './admin/bull-board';
import type { GatewayEnv } from './config/gateway-env';
import { httpMetrics } from './metrics/http-metrics';
import { mountMetrics, METRICS_PATH } from './metrics/metrics-endpoint';
import { MetricsService } from './metrics/metrics.service';
import { REDIS_CLIENT, SESSION_REDIS_CLIENT } from './queues/redis.tokens';
import { DEV_MAIL_PATH, devMailPage } from './mail/dev-mail-page';
import { STRIPE_WEBHOOK_PATH, stripeWebhookBody } from './billing/stripe-webhook-body';
import { apiCompression } from './http/api-compression';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { jsonBody } from './http/json-body';
import { jsonRequestBodies, sameOriginWrites } from './http/request-policy';
import { absoluteSessionExpiry, createSessionMiddleware, isHttps } from './http/session';
import { defaultWebDistDir, spaHandler } from './http/spa';
import { uploadsEndpoint } from './uploads/uploads-endpoint';
import { UPLOAD_LIMITS } from './uploads/upload-limits';
import { UploadsService } from './uploads/uploads.service';

/** YouTube's image hosts (i.ytimg.com, i9.ytimg.com …), where real video thumbnails live. */
export const THUMBNAIL_HOSTS = ['https://*.ytimg.com'];

/** Where the video page's player comes from: YouTube's privacy-enhanced player host. */
export const PLAYER_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The scripts the web app may run: its own, and the IFrame Player API's (whose origin also serves the widget
 * script the real API loads, `https://www.youtube.com/s/player/…/www-widgetapi.js`).
 */
export function scriptSources(env: Pick<GatewayEnv, 'YOUTUBE_IFRAME_API_URL'>): string[] {
  return ["'self'", new URL(env.YOUTUBE_IFRAME_API_URL).origin];
}

/** Everything in front of the controllers: headers, body parsing, sessions, the web app, error shape. */
export function configureHttp(app: NestExpressApplication, env: GatewayEnv): void {
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  // Hashing every (up to megabytes) body for an ETag is pure cost for answers no client revalidates: only the
  // video and its AI content, which the app reopens often, carry one (http/revalidatable-json.ts).
  app.set('etag', false);
  app.use(httpMetrics(app.get(MetricsService)));
  app.use('/api', apiCompression());
  app.use(
    helmet({
      hsts: isHttps(env) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      contentSecurityPolicy: {
        directives: {
          // Video thumbnails come from YouTube's image hosts (the offline catalogue draws them as data: SVGs);
          // no other image loads, so a link planted in a video's captions cannot reach any viewer's browser.
          'img-src': ["'self'", 'data:', ...THUMBNAIL_HOSTS],
          // The video page's player and the script that drives it, and nothing else.
          'script-src': scriptSources(env),
          'frame-src': [PLAYER_FRAME_ORIGIN],
          'upgrade-insecure-requests': isHttps(env) ? [] : null,
        },
      },
    }),
  );
  app.use(sameOriginWrites(env));
  app.use('/api', jsonRequestBodies());
  // Before the JSON parser: the webhook's signature covers its exact bytes.
  app.use(STRIPE_WEBHOOK_PATH, stripeWebhookBody());
  app.use('/api', jsonBody());

  const sessions = createSessionMiddleware(env, app.get<RedisConnection>(SESSION_REDIS_CLIENT));
  app.use(
    ['/api', '/admin', METRICS_PATH],
    sessions,
    absoluteSessionExpiry,
    passport.initialize(),
    passport.session(),
  );
  app.use(
    UPLOADS_PATH,
    uploadsEndpoint(app.get(MediaStore), app.get(UploadsService), app.get(UPLOAD_LIMITS)),
  );
  mountBullBoard(app);
  mountMetrics(app);
  app.use(DEV_MAIL_PATH, devMailPage(env, app.get<RedisConnection>(REDIS_CLIENT)));
  app.use(spaHandler(env.WEB_DIST_DIR ?? defaultWebDistDir()));
  app.useGlobalFilters(new ApiExceptionFilter());
}
