import { Inject, Injectable, type Provider } from '@nestjs/common';
import { typeormDb, type Db } from '@lectern/db';
import { DataSource } from 'typeorm';

/** The gateway's Db: each query on a pooled connection of its own, outside any transaction. */
export const DB = Symbol('DB');

/** Injects the gateway's Db (DB). */
export const InjectDb = (): PropertyDecorator & ParameterDecorator => Inject(DB);

export const dbProvider: Provider = {
  provide: DB,
  inject: [DataSource],
  useFactory: (dataSource: DataSource): Db => typeormDb(dataSource.manager),
};

/** Runs work in one transaction, every query of it through the Db it is handed; a throw rolls it back. */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(typeormDb(manager)));
  }
}
