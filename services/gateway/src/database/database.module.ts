import { Global, type DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { createDataSource, runMigrations } from './data-source';
import { DB, dbProvider, Transactions } from './db';

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot(): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DataSource,
          inject: [GATEWAY_ENV],
          // Migrations run here, so the server never listens on an outdated schema.
          useFactory: async (env: GatewayEnv) => {
            const dataSource = await createDataSource(env.DATABASE_URL).initialize();
            await runMigrations(dataSource);
            return dataSource;
          },
        },
        dbProvider,
        Transactions,
      ],
      exports: [DataSource, DB, Transactions],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
