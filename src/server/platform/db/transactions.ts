import type { Db } from './index';

/**
 * Runs fn in a transaction, or inside the one already open (a caller's, as Kysely cannot nest
 * them). Keep fn short and never call the payment provider, or anything else over the network,
 * inside it: on SQLite an open transaction holds up every other query.
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * A guard for code that goes over the network (the payment provider): called with a
 * transaction's handle it fails at once, in tests, instead of holding the database in production.
 */
export function refuseInsideTransaction(db: Db, what: string): void {
  if (db.isTransaction) throw new Error(`${what} over the network: it must not run inside a database transaction`);
}

/** A unique index refused the row (SQLite's and PostgreSQL's codes): two writers raced for one key. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
