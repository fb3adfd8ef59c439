import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../../gateway/src/database/migrations';

export interface TestDatabase {
  url: string;
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

const SERVER = 'postgres://postgres@127.0.0.1:5432';

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of its own with the gateway's migrations applied, as the worker finds it in production. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `lectern_test_${randomBytes(5).toString('hex')}`;
  const url = `${SERVER}/${name}`;
  await onServer(`CREATE DATABASE ${escapeIdentifier(name)}`);
  const migrations = new DataSource({ type: 'postgres', url, migrations: MIGRATIONS });
  await migrations.initialize();
  await migrations.runMigrations({ transaction: 'each' });
  await migrations.destroy();

  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    url,
    query: async <R extends object>(sql: string, params: unknown[] = []) =>
      (await client.query<R>(sql, params)).rows,
    drop: async () => {
      await client.end();
      await onServer(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}
