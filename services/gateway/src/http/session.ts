import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { RedisClientType } from 'redis';
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

export function createSessionMiddleware(env: GatewayEnv, client: RedisClientType): RequestHandler {
  return session({
    name: sessionCookieName(env),
    secret: env.SESSION_SECRET,
    store: new RedisStore({ client, prefix: `${env.REDIS_PREFIX}:sess:`, ttl: SESSION_IDLE_MS / 1000 }),
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
