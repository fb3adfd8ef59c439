import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { createPool, typeormDb, type Db } from '@lectern/db';
import { createTestDatabase, type TestDatabase } from '../../src/testing';

export interface TestConnections {
  database: TestDatabase;
  dataSource: DataSource;
  pool: Pool;
  /** The two ways a table module is called: a worker's pg pool and the gateway's TypeORM manager. */
  both: Array<[string, () => Db]>;
}

/** A migrated test database for this file, reached both ways; made before its tests and dropped after them. */
export function useTestConnections(): TestConnections {
  const connections = {
    both: [
      ['a pg pool', () => connections.pool],
      ['TypeORM', () => typeormDb(connections.dataSource.manager)],
    ],
  } as TestConnections;
  beforeAll(async () => {
    connections.database = await createTestDatabase();
    connections.dataSource = await new DataSource({
      type: 'postgres',
      url: connections.database.url,
    }).initialize();
    connections.pool = createPool(connections.database.url, { max: 2 });
  });
  afterAll(async () => {
    await connections.pool.end();
    await connections.dataSource.destroy();
    await connections.database.drop();
  });
  return connections;
}
