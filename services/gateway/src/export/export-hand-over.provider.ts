import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { Db } from '@lectern/db';
import { createExportHandOver, type ExportHandOver } from '@lectern/handovers';
import { DB } from '../database/database.module';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';

export const EXPORT_HAND_OVER = Symbol('EXPORT_HAND_OVER');

/** Where the export worker leaves rendered files: the bucket of EXPORT_S3_URL, PostgreSQL otherwise. */
export const exportHandOverProvider: Provider = {
  provide: EXPORT_HAND_OVER,
  inject: [GATEWAY_ENV, DB],
  useFactory: (env: GatewayEnv, db: Db): ExportHandOver =>
    createExportHandOver({ s3: env.EXPORT_S3_URL, db }),
};

/** Lets go of the store's connections on shutdown (the S3 client's sockets; PostgreSQL's stay the DataSource's). */
@Injectable()
export class ExportHandOverShutdown implements OnApplicationShutdown {
  constructor(@Inject(EXPORT_HAND_OVER) private readonly handOver: ExportHandOver) {}

  onApplicationShutdown(): Promise<void> {
    return this.handOver.close();
  }
}
