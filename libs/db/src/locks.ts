import type { Db } from './db';

/** Waits for the transaction-scoped advisory lock named `name`; it is released when the transaction ends. */
export async function advisoryXactLock(db: Db, name: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
}

/** Takes the transaction-scoped advisory lock named `name` if it is free; answers whether it was taken. */
export async function tryAdvisoryXactLock(db: Db, name: string): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
    [name],
  );
  return rows[0]?.locked ?? false;
}
