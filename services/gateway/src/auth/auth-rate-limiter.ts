import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { AccountMessage } from '@lectern/contracts';
import type { RedisConnection } from '@lectern/queue-runtime';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsException } from '../http/too-many-requests';
import { withTimeout } from '../common/with-timeout';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { REDIS_CLIENT } from '../queues/redis.tokens';

const WINDOW_SECONDS = 15 * 60;
const HOUR_SECONDS = 60 * 60;
/** Password reset mails one address may be sent in an hour. */
export const RESET_MAILS_PER_EMAIL = 5;
/** Confirmation emails one user may ask for again in an hour. */
export const VERIFICATION_MAILS_PER_USER = 3;
/** A Redis that stops answering must not hold sign-ins open: the attempt is answered 503 after this long. */
const COUNTER_TIMEOUT_MS = 3000;
const COUNTERS_UNAVAILABLE = 'Signing in is unavailable for a moment. Please try again shortly.';
/** One address may fail from every IP together this many times more than from any one IP... */
export const EMAIL_CEILING_FACTOR = 10;
/**
 * ...after which each attempt for it is held this long before its password is checked, instead of being refused:
 * a refusal would lock the owner out on behalf of whoever failed, while the hold keeps checking the owner's
 * password and still makes every further guess cost a held connection for this long.
 */
export const EMAIL_CEILING_HOLD_MS = 2000;

/**
 * Limits password guessing without letting a stranger lock a user out. A failed login counts against its
 * email and IP together (AUTH_RATE_LIMIT_EMAIL), against the email from every IP (ten times that) and against
 * the IP (AUTH_RATE_LIMIT_IP, which every signup also counts against). The per-IP counters refuse (429); the
 * email's own counter, which anyone anywhere can fill, only holds the attempt (EMAIL_CEILING_HOLD_MS) and then
 * checks it. A successful login takes its attempt back and clears its email and IP counter. Counters live in
 * Redis; an IP is counted as clientIp gives it (an IPv6 client by its /64).
 *
 * Each attempt takes its points before the password is checked and gives them back on success, so parallel
 * guesses cannot slip past a limit while the first ones are still being verified.
 */
@Injectable()
export class AuthRateLimiter {
  private readonly perIp: RateLimiterRedis;
  private readonly perEmailAndIp: RateLimiterRedis;
  private readonly perEmail: RateLimiterRedis;
  private readonly resetsPerEmail: RateLimiterRedis;
  private readonly verificationMailsPerUser: RateLimiterRedis;

  constructor(@Inject(REDIS_CLIENT) redis: RedisConnection, @Inject(GATEWAY_ENV) env: GatewayEnv) {
    const limiter = (name: string, points: number, duration = WINDOW_SECONDS) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${env.REDIS_PREFIX}:rl:${name}`,
        points,
        duration,
      });
    this.perIp = limiter('auth-ip', env.AUTH_RATE_LIMIT_IP);
    this.perEmailAndIp = limiter('auth-email-ip', env.AUTH_RATE_LIMIT_EMAIL);
    this.perEmail = limiter('auth-email', env.AUTH_RATE_LIMIT_EMAIL * EMAIL_CEILING_FACTOR);
    this.resetsPerEmail = limiter('reset-email', RESET_MAILS_PER_EMAIL, HOUR_SECONDS);
    this.verificationMailsPerUser = limiter('verify-mail', VERIFICATION_MAILS_PER_USER, HOUR_SECONDS);
  }

  /**
   * A password reset request: counted against the IP (with logins and signups) and against the email, whether
   * or not an account has it, so the answer says nothing about the account and nobody's inbox is flooded.
   */
  async startPasswordReset(ip: string, email: string): Promise<void> {
    await consumeAll([
      [this.perIp, ip],
      [this.resetsPerEmail, email],
    ]);
  }

  /** Using a mailed link (a password reset): counted against the IP, with logins and signups. */
  async startLinkUse(ip: string): Promise<void> {
    await consumeAll([[this.perIp, ip]]);
  }

  /** Asking for another confirmation email: VERIFICATION_MAILS_PER_USER an hour. */
  async startVerificationResend(userId: string): Promise<void> {
    await timeLimited(this.verificationMailsPerUser.consume(userId)).catch((error: unknown) => {
      throw error instanceof RateLimiterRes
        ? new TooManyRequestsException(
            AccountMessage.TooManyVerificationEmails,
            Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          )
        : error;
    });
  }

  /**
   * A login attempt (or a password confirmed for a sensitive action): 429 when this IP, or this email from this
   * IP, has failed too often; a refused attempt checks no password, so it takes nothing from the counters. When
   * only the email's counter over every IP is full, the attempt is held, then checked.
   */
  async startLogin(ip: string, email: string | null): Promise<void> {
    if (!email) {
      await consumeAll([[this.perIp, ip]]);
      return;
    }
    const fromHere: [RateLimiterRedis, string][] = [
      [this.perIp, ip],
      [this.perEmailAndIp, pairKey(email, ip)],
    ];
    await consumeAll(fromHere);
    const ceilingReached = await timeLimited(this.perEmail.consume(email)).then(
      () => false,
      async (error: unknown) => {
        if (error instanceof RateLimiterRes) return true;
        await giveBack(fromHere);
        throw error;
      },
    );
    if (ceilingReached) await delay(EMAIL_CEILING_HOLD_MS);
  }

  /** A signup attempt: counted against the IP, whatever its outcome. */
  async startSignup(ip: string): Promise<void> {
    await timeLimited(this.perIp.consume(ip)).catch((error: unknown) => {
      throw tooManyAttempts(error);
    });
  }

  /** The password was right: the attempt does not count, and this user's earlier typos from here are forgotten. */
  async loginSucceeded(ip: string, email: string): Promise<void> {
    await Promise.all([
      timeLimited(this.perIp.reward(ip)),
      timeLimited(this.perEmailAndIp.delete(pairKey(email, ip))),
      timeLimited(this.perEmail.reward(email)),
    ]);
  }
}

/** Takes a point from each counter; when one refuses, the points already taken are given back. */
async function consumeAll(counters: [RateLimiterRedis, string][]): Promise<void> {
  const taken: [RateLimiterRedis, string][] = [];
  try {
    for (const [limiter, key] of counters) {
      await timeLimited(limiter.consume(key));
      taken.push([limiter, key]);
    }
  } catch (error) {
    await giveBack(taken);
    throw tooManyAttempts(error);
  }
}

async function giveBack(taken: [RateLimiterRedis, string][]): Promise<void> {
  await Promise.all(taken.map(([limiter, key]) => timeLimited(limiter.reward(key)).catch(() => undefined)));
}

/** A refusal by a limiter becomes a 429 saying how long to wait; anything else (Redis down) passes through. */
function tooManyAttempts(error: unknown): unknown {
  if (!(error instanceof RateLimiterRes)) return error;
  const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new TooManyRequestsException(
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    seconds,
  );
}

/** A counter call given up after COUNTER_TIMEOUT_MS with a 503; a limiter's refusal passes through. */
function timeLimited<T>(call: Promise<T>): Promise<T> {
  return withTimeout(call, COUNTER_TIMEOUT_MS, 'Redis').catch((error: unknown) => {
    if (error instanceof RateLimiterRes) throw error;
    throw new ServiceUnavailableException(COUNTERS_UNAVAILABLE, { cause: error });
  });
}

function pairKey(email: string, ip: string): string {
  return `${email}|${ip}`;
}
