/** What a query answers: the rows it returned and how many rows it touched. */
export interface QueryRows<R> {
  rows: R[];
  rowCount: number | null;
}

/**
 * Where a table function runs its SQL: a `pg` Pool or PoolClient as they are, or a TypeORM EntityManager
 * through `typeormDb`, so the same functions serve a worker's pool and a gateway transaction.
 */
export interface Db {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are typed by each table function
  query<R extends Record<string, any> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<QueryRows<R>>;
}

/** The part of TypeORM's QueryRunner used here: with `useStructuredResult` it answers rows and row count. */
interface TypeOrmQueryRunner {
  query(
    sql: string,
    params: unknown[] | undefined,
    useStructuredResult: true,
  ): Promise<{ records?: unknown[]; affected?: number | null }>;
  release(): Promise<void>;
}

/** A TypeORM EntityManager: inside a transaction it has its query runner, otherwise it takes one per query. */
export interface TypeOrmManager {
  readonly queryRunner?: TypeOrmQueryRunner;
  readonly dataSource: { createQueryRunner(): TypeOrmQueryRunner };
}

/** The part of a TypeORM DataSource a transaction needs. */
export interface TypeOrmDataSource {
  transaction<T>(work: (manager: TypeOrmManager) => Promise<T>): Promise<T>;
}

/** The gateway's queries through TypeORM: `dataSource.manager` for single statements, a transaction's manager inside one. */
export function typeormDb(manager: TypeOrmManager): Db {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryRows<R>> {
      const own = manager.queryRunner;
      const runner = own ?? manager.dataSource.createQueryRunner();
      try {
        const result = await runner.query(sql, params, true);
        return { rows: (result.records ?? []) as R[], rowCount: result.affected ?? null };
      } finally {
        if (!own) await runner.release();
      }
    },
  };
}

/** Runs work in one transaction, every query of it through the Db it is handed; a throw rolls it back. */
export class Transactions {
  constructor(private readonly dataSource: TypeOrmDataSource) {}

  run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(typeormDb(manager)));
  }
}

const UNIQUE_VIOLATION = '23505';

/** A unique key refused the row: `pg` puts the code on the error, TypeORM on its `driverError`. */
export function isUniqueViolation(error: unknown): boolean {
  const failed = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return failed?.code === UNIQUE_VIOLATION || failed?.driverError?.code === UNIQUE_VIOLATION;
}

/** Answers when PostgreSQL does (readiness checks). */
export async function ping(db: Db): Promise<void> {
  await db.query('SELECT 1');
}
