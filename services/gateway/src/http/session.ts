import { ServiceUnavailableException } from '@nestjs/common';
import type { RedisConnection } from '@lectern/queue-runtime';
import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import { withTimeout } from '../common/with-timeout';
import type { GatewayEnv } from '../config/gateway-env';

declare module 'express-session' {
  interface SessionData {
    /** When the user signed in: sessions end this long after, however active. */
    signedInAt: number;
  }
}

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

export function isHttps(env: GatewayEnv): boolean {
  return env.APP_URL.startsWith('https://');
}

/** `__Host-` binds the cookie to this exact origin; browsers accept it only on Secure cookies. */
export function sessionCookieName(env: GatewayEnv): string {
  return isHttps(env) ? '__Host-lectern.sid' : 'lectern.sid';
}

export function sessionCookieOptions(env: GatewayEnv) {
  return { httpOnly: true, sameSite: 'lax', secure: isHttps(env), path: '/' } as const;
}

/** How long one session read or write may wait on Redis before the request is answered 503. */
export const SESSION_STORE_TIMEOUT_MS = 3000;
export const SESSION_STORE_UNAVAILABLE =
  'Lectern cannot reach its session store right now. Please try again in a moment.';

type StoreCallback = NonNullable<Parameters<RedisStore['get']>[1]>;

/**
 * A Redis that stops answering would leave every signed-in request waiting for good; each store call gives up
 * after SESSION_STORE_TIMEOUT_MS with a 503 instead.
 */
export class TimeLimitedRedisStore extends RedisStore {
  constructor(
    options: ConstructorParameters<typeof RedisStore>[0],
    private readonly limitMs = SESSION_STORE_TIMEOUT_MS,
  ) {
    super(options);
  }

  override get(sid: string, cb?: StoreCallback): Promise<unknown> {
    return this.limited(super.get(sid), cb);
  }

  override set(sid: string, sess: SessionData, cb?: StoreCallback): Promise<unknown> {
    return this.limited(super.set(sid, sess), cb);
  }

  override touch(sid: string, sess: SessionData, cb?: StoreCallback): Promise<unknown> {
    return this.limited(super.touch(sid, sess), cb);
  }

  override destroy(sid: string, cb?: StoreCallback): Promise<unknown> {
    return this.limited(super.destroy(sid), cb);
  }

  private async limited(call: Promise<unknown>, cb?: StoreCallback): Promise<unknown> {
    let result: unknown;
    try {
      result = await withTimeout(call, this.limitMs, 'The session store');
    } catch (cause) {
      const error = new ServiceUnavailableException(SESSION_STORE_UNAVAILABLE, { cause });
      if (cb) return cb(error);
      throw error;
    }
    return cb ? cb(null, result) : result;
  }
}

/**
 * connect-redis speaks node-redis; Lectern's connections are ioredis ones (one Redis, Sentinel or a Cluster).
 * These are the calls it makes for get, set, touch and destroy, each on one key.
 */
export function sessionStoreClient(redis: RedisConnection) {
  return {
    get: (key: string) => redis.get(key),
    set: (key: string, value: string, options?: { expiration?: { type: 'EX'; value: number } }) =>
      options?.expiration ? redis.set(key, value, 'EX', options.expiration.value) : redis.set(key, value),
    expire: (key: string, seconds: number) => redis.expire(key, seconds),
    del: (keys: string[]) => redis.del(...keys),
  };
}

export function createSessionMiddleware(env: GatewayEnv, redis: RedisConnection): RequestHandler {
  return session({
    name: sessionCookieName(env),
    secret: env.SESSION_SECRET,
    store: new TimeLimitedRedisStore({
      client: sessionStoreClient(redis),
      prefix: `${env.REDIS_PREFIX}:sess:`,
      ttl: SESSION_IDLE_MS / 1000,
    }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: env.TRUST_PROXY > 0,
    cookie: { ...sessionCookieOptions(env), maxAge: SESSION_IDLE_MS },
  });
}

/** Ends sessions older than the absolute lifetime, however recently they were used. */
export function absoluteSessionExpiry(req: Request, _res: Response, next: NextFunction): void {
  const signedInAt = req.session?.signedInAt;
  if (signedInAt && Date.now() - signedInAt > SESSION_ABSOLUTE_MS) {
    req.session.regenerate((error) => next(error));
    return;
  }
  next();
}
