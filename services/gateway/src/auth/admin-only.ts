import type { Request } from 'express';
import type { UserRecord } from '@lectern/db';

/** Whether the request comes from a signed-in admin (the role is decided afresh as the session loads). */
export function isAdmin(req: Request): boolean {
  return req.isAuthenticated() && (req.user as UserRecord).role === 'admin';
}
