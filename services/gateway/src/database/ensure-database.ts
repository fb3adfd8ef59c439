import { Client, escapeIdentifier } from 'pg';

/** The database name in a postgres:// URL. */
export function databaseNameOf(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  return name;
}

function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

/** Creates the database named in DATABASE_URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseNameOf(databaseUrl);
  const client = new Client({ connectionString: maintenanceUrl(databaseUrl) });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${escapeIdentifier(name)}`);
      return true;
    } catch (error) {
      // Another process created it between our check and our CREATE.
      if ((error as { code?: string }).code === '42P04') return false;
      throw error;
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: maintenanceUrl(databaseUrl) });
  await client.connect();
  try {
    await client.query(
      `DROP DATABASE IF EXISTS ${escapeIdentifier(databaseNameOf(databaseUrl))} WITH (FORCE)`,
    );
  } finally {
    await client.end();
  }
}
