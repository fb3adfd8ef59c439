import { DataSource } from 'typeorm';
import { MIGRATIONS } from '@lectern/db/migrations';

// Serialises migrations when several gateways start at once.
const MIGRATION_LOCK_ID = 4_217_300_001;

/**
 * TypeORM holds the gateway's connections, transactions and migrations; every query is in @lectern/db's
 * table modules (see libs/db/src/index.ts), so there are no entities.
 */
export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url: databaseUrl,
    entities: [],
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  });
}
/** Applies pending migrations under an advisory lock; returns the names applied. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
