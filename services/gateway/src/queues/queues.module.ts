import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { JobRequester, createRedis, quitRedis, type RedisConnection } from '@lectern/queue-runtime';
import type { GatewayEnv } from '../config/gateway-env';
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
      useFactory: (env: GatewayEnv) => createRedis(env, { maxRetriesPerRequest: 2 }),
    },
    {
      provide: SESSION_REDIS_CLIENT,
      inject: [GATEWAY_ENV],
      // Its commands wait out a reconnection (a restart, a Sentinel failover): each session read or write has
      // its own time limit instead (TimeLimitedRedisStore).
      useFactory: async (env: GatewayEnv) => {
        const client = createRedis(env);
        client.on('error', () => undefined);
        await client.ping();
        return client;
      },
    },
    {
      provide: JobRequester,
      inject: [GATEWAY_ENV],
      useFactory: async (env: GatewayEnv) => {
        const requester = new JobRequester(env, env.REDIS_PREFIX);
        await requester.init();
        return requester;
      },
    },
  ],
  exports: [REDIS_CLIENT, SESSION_REDIS_CLIENT, JobRequester],
})
export class QueuesModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisConnection,
    @Inject(SESSION_REDIS_CLIENT) private readonly sessionRedis: RedisConnection,
    private readonly requester: JobRequester,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.requester.close();
    // A quit waits for a reconnection while Redis is away; shutting down must not.
    await quitRedis(this.sessionRedis, CLOSE_GRACE_MS);
    await quitRedis(this.redis, CLOSE_GRACE_MS);
  }
}
