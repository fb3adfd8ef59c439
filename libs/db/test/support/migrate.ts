import { DataSource } from 'typeorm';
import type { MIGRATIONS } from '../../src/migrations';

/** Runs the pending ones of `migrations` on the database (each in its transaction), or undoes the last one run. */
export async function migrate(
  url: string,
  migrations: typeof MIGRATIONS,
  direction: 'up' | 'down' = 'up',
): Promise<void> {
  const source = new DataSource({ type: 'postgres', url, migrations });
  await source.initialize();
  try {
    if (direction === 'up') await source.runMigrations({ transaction: 'each' });
    else await source.undoLastMigration({ transaction: 'each' });
  } finally {
    await source.destroy();
  }
}
