import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { hasProAccess, type User } from '@lectern/contracts';
import { QUEUE_UNREACHABLE_MESSAGE, type RedisConnection } from '@lectern/queue-runtime';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { withTimeout } from '../common/with-timeout';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { MetricsService } from '../metrics/metrics.service';
import { REDIS_CLIENT } from '../queues/redis.tokens';
import { TooManyRequestsException } from '../http/too-many-requests';

/** The kinds of work a user starts: each is a job on one queue. */
export type WorkKind = 'analysis' | 'generation' | 'question' | 'export' | 'billing';

const NAMES: Record<WorkKind, [singular: string, plural: string]> = {
  analysis: ['video analysis', 'video analyses'],
  generation: ['AI generation', 'AI generations'],
  question: ['question', 'questions'],
  export: ['export', 'exports'],
  billing: ['billing request', 'billing requests'],
};

const HOUR_SECONDS = 60 * 60;
// A Redis that hangs must not hang the request: it is answered 503 after this long.
const REDIS_TIMEOUT_MS = 3_000;
// A slot is held a little longer than its job may take, then expires even if its gateway crashed.
const SLOT_MARGIN_MS = 30_000;

// Drops expired slots, then takes one if fewer than the limit are held. Members expire by score (a time).
// KEYS[1] the set; ARGV: now, expiry, slot id, limit, the set's own expiry (ms).
export const ACQUIRE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** Whose work it is: their plan and role set the limits. */
type Admitted = Pick<User, 'id' | 'plan' | 'role'>;

const named = (kind: WorkKind, count: number) => `${count} ${NAMES[kind][count === 1 ? 0 : 1]}`;

/**
 * What a user may start: at most JOBS_IN_FLIGHT_FREE/PRO jobs of a kind at once, and a number of jobs per hour
 * per kind, failures included. Both live in Redis, so every gateway shares them.
 */
@Injectable()
export class JobAdmission {
  private readonly logger = new Logger(JobAdmission.name);
  private readonly perHour: Record<WorkKind, { free: RateLimiterRedis; pro: RateLimiterRedis }>;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisConnection,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    private readonly metrics: MetricsService,
  ) {
    const limiter = (kind: WorkKind, plan: 'free' | 'pro', points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${env.REDIS_PREFIX}:rl:${kind}-${plan}`,
        points,
        duration: HOUR_SECONDS,
        rejectIfRedisNotReady: true,
      });
    this.perHour = {
      analysis: {
        free: limiter('analysis', 'free', env.ANALYSES_PER_HOUR_FREE),
        pro: limiter('analysis', 'pro', env.ANALYSES_PER_HOUR_PRO),
      },
      generation: {
        free: limiter('generation', 'free', env.GENERATIONS_PER_HOUR_FREE),
        pro: limiter('generation', 'pro', env.GENERATIONS_PER_HOUR_PRO),
      },
      // Questions about videos (Ask) have the allowance of generations, counted apart.
      question: {
        free: limiter('question', 'free', env.GENERATIONS_PER_HOUR_FREE),
        pro: limiter('question', 'pro', env.GENERATIONS_PER_HOUR_PRO),
      },
      export: {
        free: limiter('export', 'free', env.EXPORTS_PER_HOUR_FREE),
        pro: limiter('export', 'pro', env.EXPORTS_PER_HOUR_PRO),
      },
      // Each one is a call to Stripe: the same allowance on both plans.
      billing: {
        free: limiter('billing', 'free', env.BILLING_REQUESTS_PER_HOUR),
        pro: limiter('billing', 'pro', env.BILLING_REQUESTS_PER_HOUR),
      },
    };
  }

  /**
   * Runs `work` (which starts and awaits one job taking at most `jobTimeoutMs`) holding one of the user's slots
   * for this kind, after counting it against the hourly limit. 429 when no slot is free or the hour's limit is
   * reached; the slot is given back however `work` ends.
   */
  async run<T>(user: Admitted, kind: WorkKind, jobTimeoutMs: number, work: () => Promise<T>): Promise<T> {
    const release = await this.takeSlot(user, kind, jobTimeoutMs + SLOT_MARGIN_MS);
    try {
      await this.countStart(user, kind);
      return await work();
    } finally {
      await release();
    }
  }

  private async takeSlot(user: Admitted, kind: WorkKind, holdMs: number): Promise<() => Promise<void>> {
    const limit = hasProAccess(user) ? this.env.JOBS_IN_FLIGHT_PRO : this.env.JOBS_IN_FLIGHT_FREE;
    const key = `${this.env.REDIS_PREFIX}:inflight:${kind}:${user.id}`;
    const slot = randomUUID();
    const now = Date.now();
    const taken = await this.redisCall(
      this.redis.eval(ACQUIRE_SLOT, 1, key, now, now + holdMs, slot, limit, holdMs),
    );
    if (taken !== 1) {
      this.metrics.jobAdmissionRefused(kind, 'in_flight');
      throw new TooManyRequestsException(
        `You already have ${named(kind, limit)} in progress. Please wait for one to finish.`,
      );
    }
    return async () => {
      // A slot that cannot be given back now expires by itself.
      await withTimeout(this.redis.zrem(key, slot), REDIS_TIMEOUT_MS, 'Redis').catch((error: unknown) =>
        this.logger.warn({ err: error, kind }, 'could not release a job slot; it will expire'),
      );
    };
  }

  private async countStart(user: Admitted, kind: WorkKind): Promise<void> {
    const limiter = this.perHour[kind][hasProAccess(user) ? 'pro' : 'free'];
    try {
      await this.redisCall(limiter.consume(user.id));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      this.metrics.jobAdmissionRefused(kind, 'hourly');
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      const minutes = Math.ceil(seconds / 60);
      const allowance = kind === 'billing' ? 'the most Lectern allows' : 'the most your plan allows';
      throw new TooManyRequestsException(
        `You have started ${named(kind, limiter.points)} in the last hour, ${allowance}. ` +
          `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }

  /** A Redis command with a time limit: an unreachable Redis is a 503, never a hang or a 500. */
  private async redisCall<T>(command: Promise<T>): Promise<T> {
    try {
      return await withTimeout(command, REDIS_TIMEOUT_MS, 'Redis');
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      this.logger.warn({ err: error }, 'Redis did not answer a job admission check');
      throw new ServiceUnavailableException(QUEUE_UNREACHABLE_MESSAGE);
    }
  }
}
