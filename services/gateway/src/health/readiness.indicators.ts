import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { QUEUE_NAMES } from '@lectern/contracts';
import { readAiEngineStatuses, type AiEngineStatus } from '@lectern/handovers';
import { readHeartbeats, type RedisConnection } from '@lectern/queue-runtime';
import { ping, type Db } from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { withTimeout } from '../common/with-timeout';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { REDIS_CLIENT } from '../queues/redis.tokens';

const CHECK_TIMEOUT_MS = 2000;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

@Injectable()
export class ReadinessIndicators {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @InjectDb() private readonly db: Db,
    @Inject(REDIS_CLIENT) private readonly redisClient: RedisConnection,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async postgres() {
    const check = this.indicators.check('postgres');
    try {
      await withTimeout(ping(this.db), CHECK_TIMEOUT_MS, 'PostgreSQL');
      return check.up();
    } catch (error) {
      return check.down({ message: reason(error) });
    }
  }

  async redis() {
    const check = this.indicators.check('redis');
    try {
      await withTimeout(this.redisClient.ping(), CHECK_TIMEOUT_MS, 'Redis');
      return check.up();
    } catch (error) {
      return check.down({ message: reason(error) });
    }
  }

  /** Every worker service needs at least one live process, or its requests would only time out. */
  async workers() {
    const check = this.indicators.check('workers');
    try {
      const beats = await withTimeout(
        readHeartbeats(this.redisClient, this.env.REDIS_PREFIX),
        CHECK_TIMEOUT_MS,
        'Redis',
      );
      const counts = Object.fromEntries(
        QUEUE_NAMES.map((q) => [q, beats.filter((b) => b.service === q).length]),
      );
      const missing = QUEUE_NAMES.filter((q) => counts[q] === 0);
      return missing.length === 0
        ? check.up({ processes: counts })
        : check.down({ processes: counts, missing });
    } catch (error) {
      return check.down({ message: reason(error) });
    }
  }

  /** Which engine and model each running ai worker writes with; none when Redis cannot say. */
  async aiEngines(): Promise<AiEngineStatus[]> {
    return withTimeout(
      readAiEngineStatuses(this.redisClient, this.env.REDIS_PREFIX),
      CHECK_TIMEOUT_MS,
      'Redis',
    ).catch(() => []);
  }
}
