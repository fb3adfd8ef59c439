import { Pool, type PoolClient } from 'pg';

export interface PoolOptions {
  max: number;
  /**
   * An idle connection's error (the server restarted, the network dropped). The pool replaces the connection by
   * itself and the next query reports any lasting problem, so by default it is only swallowed: unhandled, it
   * would end the process.
   */
  onError?: (error: Error) => void;
}

/** How every worker's store is made: its database and how many connections it may hold at once. */
export interface StoreOptions {
  databaseUrl: string;
  maxConnections: number;
  /** See PoolOptions.onError. */
  onPoolError?: (error: Error) => void;
}

/** The one way a Lectern process opens PostgreSQL connections outside TypeORM. */
export function createPool(databaseUrl: string, options: PoolOptions): Pool {
  const pool = new Pool({ connectionString: databaseUrl, max: options.max });
  pool.on('error', options.onError ?? (() => undefined));
  return pool;
}

/** Runs `work` in a transaction on one connection of the pool: committed when it resolves, rolled back otherwise. */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
