import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statement-shaped enough for the cache: better-sqlite3's, which also says when it is mid-iteration. */
type Statement = SqliteStatement & { readonly busy?: boolean };

export interface PreparingDatabase {
  prepare(sql: string): Statement;
  close(): void;
}

/** Statements that change the schema; after one, every statement is prepared afresh. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|vacuum|reindex|analyze)\b/i;

/** Enough for every query the server writes (about 300); `in (…)` lists of many lengths age out. */
export const STATEMENT_CACHE_SIZE = 500;

export interface StatementCache extends SqliteDatabase {
  /** Forgets every prepared statement (after migrations, or any schema change). */
  clear(): void;
  /** How many statements were prepared anew and how many reused (tests). */
  stats(): { size: number; prepared: number; reused: number };
}

/**
 * Kysely's SQLite driver prepares every query anew: on the USSD confirm step that was a fifth
 * of the CPU (docs/performance.md). This sits between Kysely and better-sqlite3 and keeps the
 * prepared statements, keyed by their SQL text, least recently used out first. It is safe
 * with transactions (a statement belongs to the one connection, not to a transaction; every
 * run resets it), and Kysely runs prepare and run in the same tick under its connection lock,
 * so no two queries share a statement at once; one still mid-iteration (a stream) is never
 * handed out again. A schema change through this connection (a migration) empties the cache;
 * SQLite itself re-prepares a kept statement when another connection changes the schema.
 * The reader threads (sqlite-readers.ts) have connections and caches of their own.
 */
export function cacheStatements(database: PreparingDatabase, max = STATEMENT_CACHE_SIZE): StatementCache {
  const statements = new Map<string, Statement>();
  let prepared = 0;
  let reused = 0;
  return {
    prepare(sql) {
      if (SCHEMA_CHANGE.test(sql)) {
        statements.clear();
        prepared += 1;
        return database.prepare(sql);
      }
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Map order is use order: delete and set moves it to the newest end.
        statements.delete(sql);
        statements.set(sql, kept);
        reused += 1;
        return kept;
      }
      const statement = database.prepare(sql);
      prepared += 1;
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
    clear() {
      statements.clear();
    },
    stats() {
      return { size: statements.size, prepared, reused };
    },
  };
}
