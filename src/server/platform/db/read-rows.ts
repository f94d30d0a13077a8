import type { Compilable } from 'kysely';
import type { DatabaseHandle, Db } from './index';

/** Runs a query and gives its rows: a long read that should not hold up the event loop. */
export type ReadRows = <T>(query: Compilable<T>) => Promise<T[]>;

/**
 * Reads on SQLite's reader threads where the database has them (DatabaseHandle.readOffLoop),
 * else on the usual connection (PostgreSQL's pool, an in-memory SQLite, a test's own db).
 */
export function readRows(db: Db, readOffLoop?: DatabaseHandle['readOffLoop']): ReadRows {
  return async <T,>(query: Compilable<T>) => (readOffLoop ? readOffLoop<T>(query.compile()) : (await db.executeQuery(query.compile())).rows);
}
