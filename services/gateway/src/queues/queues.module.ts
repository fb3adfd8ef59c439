import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { JobRequester, createRedis, quitRedis } from '@lectern/queue-runtime';
import type { Redis } from 'ioredis';
import { createClient, type RedisClientType } from 'redis';
import type { GatewayEnv } from '../config/gateway-env';
import { withTimeout } from '../common/with-timeout';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { REDIS_CLIENT, SESSION_REDIS_CLIENT } from './redis.tokens';

const CLOSE_GRACE_MS = 5_000;

@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [GATEWAY_ENV],
      // Fails a command after a couple of reconnect attempts instead of queueing it forever during an outage.
      useFactory: (env: GatewayEnv) => createRedis(env.REDIS_URL, { maxRetriesPerRequest: 2 }),
    },
    {
      provide: SESSION_REDIS_CLIENT,
      inject: [GATEWAY_ENV],
      useFactory: async (env: GatewayEnv) => {
        const client = createClient({
          url: env.REDIS_URL,
          socket: { reconnectStrategy: (retries: number) => Math.min(retries * 200, 2000) },
        });
        client.on('error', () => undefined);
        await client.connect();
        return client;
      },
    },
    {
      provide: JobRequester,
      inject: [GATEWAY_ENV],
      useFactory: async (env: GatewayEnv) => {
        const requester = new JobRequester(env.REDIS_URL, env.REDIS_PREFIX);
        await requester.init();
        return requester;
      },
    },
  ],
  exports: [REDIS_CLIENT, SESSION_REDIS_CLIENT, JobRequester],
})
export class QueuesModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(SESSION_REDIS_CLIENT) private readonly sessionRedis: RedisClientType,
    private readonly requester: JobRequester,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.requester.close();
    // A quit waits for a reconnection while Redis is away; shutting down must not.
    await withTimeout(this.sessionRedis.quit(), CLOSE_GRACE_MS, 'Redis').catch(() =>
      this.sessionRedis.destroy(),
    );
    await quitRedis(this.redis, CLOSE_GRACE_MS);
  }
}
