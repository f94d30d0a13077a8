import type { Db } from '../../platform/db';

/**
 * Runs fn in a transaction, or inside the one already open (a request with an
 * Idempotency-Key runs in one, and Kysely cannot nest them). Keep fn short and never call
 * the payment provider inside it: on SQLite an open transaction holds up every other query.
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
