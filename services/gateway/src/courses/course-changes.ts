import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createRedis, quitRedis, type RedisConnection } from '@lectern/queue-runtime';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { REDIS_CLIENT } from '../queues/redis.tokens';

/** The Redis pub/sub channel on which a gateway says an import changed a course's lectures (its id the message). */
export const courseChangedChannel = (prefix: string) => `${prefix}:course-changed`;

/**
 * Says when an import changes a course's lectures, to every gateway: the import that changed it publishes the
 * course's id on Redis pub/sub, and each gateway hands it to the event streams of that course it serves
 * (`GET /api/courses/:id/events`), which read the course again from PostgreSQL.
 */
@Injectable()
export class CourseChanges implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CourseChanges.name);
  private readonly listeners = new Map<string, Set<() => void>>();
  private subscriber: RedisConnection | null = null;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisConnection,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    const subscriber = createRedis(this.env);
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, courseId: string) => {
      for (const listener of this.listeners.get(courseId) ?? []) listener();
    });
    await subscriber.subscribe(courseChangedChannel(this.env.REDIS_PREFIX));
    this.subscriber = subscriber;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber) await quitRedis(this.subscriber);
  }

  /** Tells every gateway the course changed; a change Redis does not take is only logged (pages read it again). */
  async changed(courseId: string): Promise<void> {
    await this.redis
      .publish(courseChangedChannel(this.env.REDIS_PREFIX), courseId)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, courseId }, 'a course change was not published'),
      );
  }

  /** Calls `listener` at each change of the course, until the answered function is called. */
  listen(courseId: string, listener: () => void): () => void {
    const listeners = this.listeners.get(courseId) ?? new Set();
    listeners.add(listener);
    this.listeners.set(courseId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(courseId);
    };
  }
}
