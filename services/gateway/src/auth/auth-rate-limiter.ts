import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { REDIS_CLIENT } from '../queues/redis.tokens';

const WINDOW_SECONDS = 15 * 60;

/** Limits login and signup per client IP and per email address; counters live in Redis. */
@Injectable()
export class AuthRateLimiter {
  private readonly perIp: RateLimiterRedis;
  private readonly perEmail: RateLimiterRedis;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(GATEWAY_ENV) env: GatewayEnv) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${env.REDIS_PREFIX}:rl:auth-ip`,
      points: env.AUTH_RATE_LIMIT_IP,
      duration: WINDOW_SECONDS,
    });
    this.perEmail = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${env.REDIS_PREFIX}:rl:auth-email`,
      points: env.AUTH_RATE_LIMIT_EMAIL,
      duration: WINDOW_SECONDS,
    });
  }

  async consume(ip: string, email: string | null): Promise<void> {
    try {
      await this.perIp.consume(ip);
      if (email) await this.perEmail.consume(email);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        const minutes = Math.max(1, Math.ceil(error.msBeforeNext / 60_000));
        throw new HttpException(
          {
            message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      throw error;
    }
  }

  /** A successful login clears that email's counter, so a user's own typos don't lock them out later. */
  async reset(email: string): Promise<void> {
    await this.perEmail.delete(email);
  }
}
