import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** A database of a test's own on the local PostgreSQL server, with Lectern's schema applied. */
export interface TestDatabase {
  name: string;
  url: string;
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** The server the tests use: the machine's, or the one `npm test` started (scripts/test-with-servers.mjs). */
const SERVER = process.env.LECTERN_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a uniquely named database and applies the migrations (all of them unless told which), as the gateway
 * does at start; `drop()` (in afterAll) closes its client and removes the database.
 */
export async function createTestDatabase(
  options: { migrations?: readonly (typeof MIGRATIONS)[number][] } = {},
): Promise<TestDatabase> {
  const name = `lectern_test_${randomBytes(5).toString('hex')}`;
  const url = `${SERVER}/${name}`;
  await onServer(`CREATE DATABASE ${escapeIdentifier(name)}`);
  const migrations = new DataSource({
    type: 'postgres',
    url,
    migrations: [...(options.migrations ?? MIGRATIONS)],
  });
  await migrations.initialize();
  try {
    await migrations.runMigrations({ transaction: 'each' });
  } finally {
    await migrations.destroy();
  }

  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    name,
    url,
    query: async <R extends object>(sql: string, params: unknown[] = []) =>
      (await client.query<R>(sql, params)).rows,
    drop: async () => {
      await client.end();
      await onServer(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}
