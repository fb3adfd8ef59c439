import type { Request, Response } from 'express';
import type { GatewayEnv } from '../config/gateway-env';
import { sessionCookieName, sessionCookieOptions } from '../http/session';
import type { UserRecord } from '@lectern/db';

/** passport's login regenerates the session id, so a planted id is never promoted to a signed-in one. */
export async function logIn(req: Request, user: UserRecord): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    req.login(user, (error) => (error ? reject(error as Error) : resolve())),
  );
  req.session.signedInAt = Date.now();
}

/** Signs this browser out and deletes its stored session, so even a kept copy of the cookie opens nothing. */
export async function logOut(req: Request, res: Response, env: GatewayEnv): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    req.logout((error) => (error ? reject(error as Error) : resolve())),
  );
  await new Promise<void>((resolve, reject) =>
    req.session.destroy((error) => (error ? reject(error as Error) : resolve())),
  );
  res.clearCookie(sessionCookieName(env), sessionCookieOptions(env));
}
