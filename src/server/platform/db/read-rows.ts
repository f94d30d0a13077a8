import type { Compilable, CompiledQuery } from 'kysely';
import type { DatabaseHandle, Db } from './index';

/** Runs a query and gives its rows: a long read that should not hold up the event loop. */
export type ReadRows = <T>(query: Compilable<T>) => Promise<T[]>;

/**
 * Reads a compiled query on SQLite's reader threads where the database has them
 * (DatabaseHandle.readOffLoop), else on the usual connection (a test's own db without them).
 */
export function readCompiledRows(db: Db, readOffLoop?: DatabaseHandle['readOffLoop']): DatabaseHandle['readOffLoop'] {
  return readOffLoop ?? (async <T,>(query: CompiledQuery) => (await db.executeQuery<T>(query)).rows as T[]);
}

/** The same for a query builder: it is compiled here. */
export function readRows(db: Db, readOffLoop?: DatabaseHandle['readOffLoop']): ReadRows {
  const read = readCompiledRows(db, readOffLoop);
  return <T,>(query: Compilable<T>) => read<T>(query.compile());
}
