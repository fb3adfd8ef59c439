import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { startMetricsServer } from './metrics-endpoint';
import { MetricsService } from './metrics.service';

/** Prometheus metrics: the registry and its counters for every module, and the METRICS_PORT listener. */
@Global()
@Module({
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsModule.name);
  private server: Server | undefined;

  constructor(
    private readonly metrics: MetricsService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.METRICS_PORT === undefined) return;
    this.server = await startMetricsServer(this.metrics, this.env.METRICS_PORT, this.env.METRICS_HOST);
    const { address, port } = this.metricsAddress()!;
    this.logger.log(`Metrics for scrapers on ${address} port ${port} at /metrics (no sign-in)`);
  }

  /** The port of the separate metrics listener, when METRICS_PORT is set. */
  metricsPort(): number | undefined {
    return this.metricsAddress()?.port;
  }

  /** Where the separate metrics listener is bound, when METRICS_PORT is set. */
  metricsAddress(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
