import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Subject } from 'rxjs';
import { planChangedChannel, type PlanChangedEvent } from '@lectern/contracts';
import { createRedis, quitRedis, type RedisConnection } from '@lectern/queue-runtime';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';

/**
 * Consumes the billing worker's plan-changed events (Redis pub/sub). The gateway caches no plan: the session
 * holds only the user id and every request reads the account from PostgreSQL, where the worker committed the
 * change before publishing, so /api/auth/me and every plan gate see it on the next request. The events are
 * logged and offered to the rest of the gateway as `changes$`.
 */
@Injectable()
export class PlanChangesListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PlanChangesListener.name);
  private readonly subject = new Subject<PlanChangedEvent>();
  readonly changes$ = this.subject.asObservable();
  private subscriber: RedisConnection | null = null;

  constructor(@Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {}

  async onModuleInit(): Promise<void> {
    const subscriber = createRedis(this.env);
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => this.handle(message));
    await subscriber.subscribe(planChangedChannel(this.env.REDIS_PREFIX));
    this.subscriber = subscriber;
  }

  private handle(message: string): void {
    let event: PlanChangedEvent;
    try {
      event = JSON.parse(message) as PlanChangedEvent;
    } catch {
      this.logger.warn('unreadable plan-changed event ignored');
      return;
    }
    this.logger.log(
      { userId: event.userId, plan: event.plan, subscriptionStatus: event.subscriptionStatus },
      'plan changed',
    );
    this.subject.next(event);
  }

  async onApplicationShutdown(): Promise<void> {
    this.subject.complete();
    if (this.subscriber) await quitRedis(this.subscriber);
  }
}
