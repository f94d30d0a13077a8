import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { createCatalogueService, type CatalogueService } from '../../src/server/modules/catalogue/service';
import type { TestServer } from './server';

/**
 * Records the SQL of every statement the server runs, on SQLite (better-sqlite3's statement
 * methods, kept or freshly prepared) and on PostgreSQL (pg's Client.query, which the pool's
 * clients use), so a test can count the statements of one kind a burst of requests cost.
 */
export function recordStatements(): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  type Run = (this: { source?: string }, ...args: unknown[]) => unknown;
  const statementProto = Object.getPrototypeOf(new BetterSqlite3(':memory:').prepare('select 1')) as Record<'run' | 'all' | 'get' | 'iterate', Run>;
  const originals = { ...statementProto };
  for (const method of ['run', 'all', 'get', 'iterate'] as const) {
    statementProto[method] = function (...args) {
      texts.push(this.source ?? '');
      return originals[method].apply(this, args);
    };
  }
  const clientProto = pg.Client.prototype as unknown as { query: (this: unknown, ...args: unknown[]) => unknown };
  const originalQuery = clientProto.query;
  clientProto.query = function (...args) {
    const config = args[0];
    texts.push(typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? ''));
    return originalQuery.apply(this, args);
  };
  return {
    texts,
    stop() {
      Object.assign(statementProto, originals);
      clientProto.query = originalQuery;
    },
  };
}

/**
 * A catalogue service whose reads go through the server's off-loop reader and are kept in
 * `statements`, in order: what one search asked of the database.
 */
export function recordedCatalogue(deps: Pick<TestServer['deps'], 'db' | 'dialect' | 'readOffLoop'>, bound: number): { service: CatalogueService; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const read = async <T,>(query: CompiledQuery) => {
    statements.push(query);
    return deps.readOffLoop!<T>(query);
  };
  return { service: createCatalogueService(deps.db, deps.dialect, read, bound), statements };
}
