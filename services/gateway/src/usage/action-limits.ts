import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { QUEUE_UNREACHABLE_MESSAGE } from '@lectern/queue-runtime';
import type { RedisConnection } from '@lectern/queue-runtime';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { withTimeout } from '../common/with-timeout';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { TooManyRequestsException } from '../http/too-many-requests';
import { REDIS_CLIENT } from '../queues/redis.tokens';

/** Actions that start no job of their own (or not only one) but store rows: each has an hourly allowance. */
export type LimitedAction = 'highlight' | 'review_rating' | 'regeneration' | 'quiz_attempt';

const HOUR_SECONDS = 60 * 60;
// A Redis that hangs must not hang the request: it is answered 503 after this long.
const REDIS_TIMEOUT_MS = 3_000;

const WHAT: Record<LimitedAction, [singular: string, plural: string, verb: string]> = {
  highlight: ['highlight', 'highlights', 'saved'],
  review_rating: ['card rating', 'card ratings', 'given'],
  regeneration: ['regeneration', 'regenerations', 'asked for'],
  quiz_attempt: ['quiz attempt', 'quiz attempts', 'handed in'],
};

/**
 * Hourly allowances per user for actions that write rows (HIGHLIGHTS_PER_HOUR, REVIEW_RATINGS_PER_HOUR,
 * REGENERATIONS_PER_HOUR, QUIZ_ATTEMPTS_PER_HOUR), the same on every plan. Kept in Redis, so every gateway shares them.
 */
@Injectable()
export class ActionLimits {
  private readonly logger = new Logger(ActionLimits.name);
  private readonly limiters: Record<LimitedAction, RateLimiterRedis>;

  constructor(@Inject(REDIS_CLIENT) redis: RedisConnection, @Inject(GATEWAY_ENV) env: GatewayEnv) {
    const limiter = (action: LimitedAction, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${env.REDIS_PREFIX}:rl:${action}`,
        points,
        duration: HOUR_SECONDS,
        rejectIfRedisNotReady: true,
      });
    this.limiters = {
      highlight: limiter('highlight', env.HIGHLIGHTS_PER_HOUR),
      review_rating: limiter('review_rating', env.REVIEW_RATINGS_PER_HOUR),
      regeneration: limiter('regeneration', env.REGENERATIONS_PER_HOUR),
      quiz_attempt: limiter('quiz_attempt', env.QUIZ_ATTEMPTS_PER_HOUR),
    };
  }

  /** Counts one `action` of the user; 429 with the wait when the hour's allowance is used up. */
  async count(userId: string, action: LimitedAction): Promise<void> {
    const limiter = this.limiters[action];
    try {
      await withTimeout(limiter.consume(userId), REDIS_TIMEOUT_MS, 'Redis');
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        this.logger.warn({ err: error, action }, 'Redis did not answer a rate limit check');
        throw new ServiceUnavailableException(QUEUE_UNREACHABLE_MESSAGE);
      }
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      const minutes = Math.ceil(seconds / 60);
      const [singular, plural, verb] = WHAT[action];
      throw new TooManyRequestsException(
        `You have ${verb} ${limiter.points} ${limiter.points === 1 ? singular : plural} in the last hour, ` +
          `the most Lectern allows. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }
}
