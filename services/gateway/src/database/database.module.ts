import { Global, Inject, type DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Transactions, typeormDb, type Db } from '@lectern/db';
import { DataSource } from 'typeorm';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { createDataSource, runMigrations } from './data-source';

/** The gateway's Db: each query on a pooled connection of its own, outside any transaction. */
export const DB = Symbol('DB');

/** Injects the gateway's Db (DB). */
export const InjectDb = (): PropertyDecorator & ParameterDecorator => Inject(DB);

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
        {
          provide: DB,
          inject: [DataSource],
          useFactory: (dataSource: DataSource): Db => typeormDb(dataSource.manager),
        },
        {
          provide: Transactions,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new Transactions(dataSource),
        },
      ],
      exports: [DataSource, DB, Transactions],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
