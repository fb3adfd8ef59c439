import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { JOB_STREAM_TTL_SECONDS, QUEUE_UNREACHABLE_MESSAGE } from '@lectern/queue-runtime';
import type { RedisConnection } from '@lectern/queue-runtime';
import { withTimeout } from '../common/with-timeout';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { TooManyRequestsException } from '../http/too-many-requests';
import { REDIS_CLIENT } from '../queues/redis.tokens';
import { ACQUIRE_SLOT } from '../usage/job-admission';

const REDIS_TIMEOUT_MS = 3_000;
// Longer than any stream is read: the longest job (ten minutes) and the time a stream is kept after its last
// write. A slot its gateway never gave back (a crash) expires then.
const SLOT_HOLD_MS = 10 * 60_000 + JOB_STREAM_TTL_SECONDS * 1000 + 5 * 60_000;

/**
 * Readers of streamed answers (`GET /api/ai/streams/:id`) one user holds open at once, at most
 * STREAM_READERS_PER_USER, counted in Redis like the in-flight job slots, so every gateway shares the count.
 */
@Injectable()
export class StreamReaderSlots {
  private readonly logger = new Logger(StreamReaderSlots.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisConnection,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** Takes one of the user's reader slots (429 when all are held); answers how to give it back. */
  async take(userId: string): Promise<() => Promise<void>> {
    const limit = this.env.STREAM_READERS_PER_USER;
    const key = `${this.env.REDIS_PREFIX}:stream-readers:${userId}`;
    const slot = randomUUID();
    const now = Date.now();
    let taken: unknown;
    try {
      taken = await withTimeout(
        this.redis.eval(ACQUIRE_SLOT, 1, key, now, now + SLOT_HOLD_MS, slot, limit, SLOT_HOLD_MS),
        REDIS_TIMEOUT_MS,
        'Redis',
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'Redis did not answer a stream reader check');
      throw new ServiceUnavailableException(QUEUE_UNREACHABLE_MESSAGE);
    }
    if (taken !== 1) {
      throw new TooManyRequestsException(
        `You are already following ${limit} answers as they are written, the most Lectern allows at once. ` +
          'Close other tabs showing one, or wait for them to finish.',
      );
    }
    return async () => {
      await withTimeout(this.redis.zrem(key, slot), REDIS_TIMEOUT_MS, 'Redis').catch((error: unknown) =>
        this.logger.warn({ err: error }, 'could not release a stream reader slot; it will expire'),
      );
    };
  }
}
