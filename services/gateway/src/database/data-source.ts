import { DataSource } from 'typeorm';
import { ProEndSubscriber } from '../billing/pro-end.subscriber';
import { StripeEventEntity } from '../billing/stripe-event.entity';
import { HighlightEntity } from '../highlights/highlight.entity';
import { TranscriptEntity } from '../library/transcript.entity';
import { VideoEntity } from '../library/video.entity';
import { UserEntity } from '../users/user.entity';
import { MIGRATIONS } from './migrations';

export const ENTITIES = [UserEntity, TranscriptEntity, VideoEntity, HighlightEntity, StripeEventEntity];

// Serialises migrations when several gateways start at once.
const MIGRATION_LOCK_ID = 4_217_300_001;

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    subscribers: [ProEndSubscriber],
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
