import {
  BadRequestException,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
  createParamDecorator,
  mixin,
  type Type,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { z } from 'zod';
import type { UserRecord } from '@lectern/db';
import { addressKey } from '../http/client-address';
import { firstIssueMessage } from '../http/zod';
import { toUser } from '../users/to-user';
import { AuthRateLimiter } from './auth-rate-limiter';
import { INVALID_CREDENTIALS } from './local.strategy';

/** Signed-in users only: 401 otherwise. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated()) throw new UnauthorizedException('Please sign in to continue.');
    return true;
  }
}

/**
 * The client's address as per-address limits count it: as far as TRUST_PROXY lets the gateway know it, an IPv6
 * address as its /64 and an IPv4-mapped one as IPv4 (see addressKey).
 */
export function clientIp(request: Request): string {
  return addressKey(request.ip);
}

/** The signed-in account as stored (for account and billing work that needs more than the API shows). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request>().user as UserRecord,
);

/** The signed-in user as the API shows it: what features need to check plans, limits and ownership. */
export const SignedInUser = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  toUser(context.switchToHttp().getRequest<Request>().user as UserRecord),
);

/**
 * Runs before the login and signup handlers: counts the attempt against the rate limits (a login by its email
 * and IP, a signup by its IP), then validates the body with the contract's schema (replacing it with the
 * normalised values).
 */
export function AuthAttemptGuard(
  schema: z.ZodType<{ email: string }>,
  attempt: 'login' | 'signup',
): Type<CanActivate> {
  @Injectable()
  class AuthAttemptGuardMixin implements CanActivate {
    constructor(private readonly limiter: AuthRateLimiter) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<Request>();
      const parsed = schema.safeParse(request.body ?? {});
      const ip = clientIp(request);
      if (attempt === 'login') await this.limiter.startLogin(ip, parsed.success ? parsed.data.email : null);
      else await this.limiter.startSignup(ip);
      if (!parsed.success) throw new BadRequestException(firstIssueMessage(parsed.error));
      request.body = parsed.data;
      return true;
    }
  }
  return mixin(AuthAttemptGuardMixin);
}

/** Passport's local strategy, then a login that regenerates the session id (no fixation). */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const result = (await super.canActivate(context)) as boolean;
    await super.logIn(context.switchToHttp().getRequest<Request>());
    return result;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error) throw error instanceof Error ? error : new UnauthorizedException(INVALID_CREDENTIALS);
    if (!user) throw new UnauthorizedException(INVALID_CREDENTIALS);
    return user;
  }
}
