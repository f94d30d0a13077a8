import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { createSqliteReaders, type SqliteReaders } from './sqlite-readers';
import { cacheStatements, type StatementCache } from './statement-cache';
import type { Database } from './schema';
import { StaticMigrationProvider } from './migrations';
import { jsonRows } from './json-rows';
import { DEFAULT_SQLITE_READERS } from '../../config';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL only: the schema given to openDatabase, if any. */
  pgSchema?: string;
  /** PostgreSQL only: the pool's connections, for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** SQLite only: the prepared statements kept between queries (statement-cache.ts). */
  statements?: StatementCache;
  /**
   * Runs a long read (a catalogue search) where it cannot hold up the event loop: on a SQLite
   * file, a reader thread (sqlite-readers.ts); elsewhere the usual connection.
   */
  readOffLoop<T>(query: CompiledQuery): Promise<T[]>;
  /**
   * Several small reads a page needs together: on SQLite in one message to one reader thread,
   * on PostgreSQL as one statement (readAllInOneStatement).
   */
  readAllOffLoop(queries: readonly CompiledQuery[]): Promise<unknown[][]>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string;
  /** Folder for the SQLite file. */
  dataDir: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  pgSchema?: string;
  /** PostgreSQL pool size (10 by default). */
  poolMax?: number;
  /** SQLite: reader threads for readOffLoop (config's SQLITE_READERS); 0 reads on the main connection. */
  sqliteReaders?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.pgSchema, options.poolMax);
  if (url) throw new Error('DATABASE_URL must start with postgres:// (unset it to use the embedded SQLite)');
  return openSqlite(options.dataDir, options.sqliteFile ?? 'akuafo.sqlite', options.sqliteReaders ?? DEFAULT_SQLITE_READERS);
}

async function openSqlite(dataDir: string, file: string, readerThreads: number): Promise<DatabaseHandle> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  if (file !== ':memory:') mkdirSync(dataDir, { recursive: true });
  const sqlite = new BetterSqlite3(file === ':memory:' ? file : join(dataDir, file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Keeps the planner's statistics current (cheap when they are): with them a search starts
  // from the search index rather than walking every listed product.
  sqlite.pragma('optimize = 0x10002');
  const statements = cacheStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  let readers: SqliteReaders | undefined;
  const path = join(dataDir, file);
  return {
    db,
    dialect: 'sqlite',
    statements,
    readOffLoop: async <T,>(query: CompiledQuery) => {
      if (file === ':memory:' || readerThreads === 0) return (await db.executeQuery<T>(query)).rows as T[];
      readers ??= createSqliteReaders(path, readerThreads);
      return readers.read<T>(query);
    },
    readAllOffLoop: async (queries) => {
      if (file === ':memory:' || readerThreads === 0) return Promise.all(queries.map(async (query) => (await db.executeQuery(query)).rows));
      readers ??= createSqliteReaders(path, readerThreads);
      return readers.readAll(queries);
    },
    close: async () => {
      await readers?.close();
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, schema?: string, poolMax = 10): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  // COUNT(*) and SUM() come back as int8/numeric; our numbers fit in a double.
  pg.types.setTypeParser(20, Number);
  pg.types.setTypeParser(1700, Number);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // An idle connection the server ended (a restart, a failover, an operator's terminate): the
  // pool has already dropped it and the next query opens another. Unheard, the event would
  // end the process; a query that meets a dead database still fails with its own error.
  pool.on('error', () => undefined);
  if (schema) {
    const client = await pool.connect();
    try {
      await client.query(`create schema if not exists "${schema.replace(/"/g, '')}"`);
    } finally {
      client.release();
    }
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    readOffLoop: async <T,>(query: CompiledQuery) => (await db.executeQuery<T>(query)).rows as T[],
    readAllOffLoop: (queries) => readAllInOneStatement(db, queries),
    pgSchema: schema,
    close: async () => {
      await db.destroy();
      // Kysely ends the pool only if it ever ran a query through it: a pool used only for the
      // schema above (or not at all) kept its idle connection, and its process waited for the
      // pool's idle timeout (10 s) before it could exit.
      if (!pool.ending) await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * PostgreSQL: several reads as one statement, each read's rows gathered by json_agg into a
 * column of one row. A search's page needs three small reads (pictures, ratings, sellers); as
 * three statements they were three round trips and three plans, a quarter of the server
 * thread's busy time at a million listings went to sending statements (docs/performance.md).
 * Rows come back as JSON gives them: right for our columns (text, integers, doubles, numeric;
 * no timestamps or int8 in the schema). Row order follows the read's own ORDER BY in practice,
 * but callers that need an order sort (toProducts sorts pictures by position).
 */
async function readAllInOneStatement(db: Db, queries: readonly CompiledQuery[]): Promise<unknown[][]> {
  if (queries.length === 0) return [];
  // Each compiled read's node tree, so Kysely numbers the parameters of the whole statement.
  const columns = queries.map((query, i) => jsonRows(query.query).as(`r${i}`));
  const { rows } = await sql<Record<string, unknown[]>>`select ${sql.join(columns)}`.execute(db);
  return queries.map((_, i) => rows[0][`r${i}`]);
}

export async function migrate(handle: DatabaseHandle): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which: with several schemas in
  // one database (tests), another schema's kysely_migration would count as ours.
  const migrator = new Migrator({ db: handle.db, provider: new StaticMigrationProvider(handle.dialect), migrationTableSchema: handle.pgSchema });
  const { error, results } = await migrator.migrateToLatest();
  // Each schema change already emptied it; this says so where the migrations run.
  handle.statements?.clear();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/**
 * Runs start-up work (migrations, seed, bootstrap) one instance at a time: on PostgreSQL under
 * a session advisory lock held on one connection, keyed by the schema, so instances started
 * together on one database queue up and each finds the work done by the first. SQLite has one
 * process per file and needs no lock.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return work();
  return handle.db.connection().execute(async (connection) => {
    const key = sql`hashtext('akuafo-startup:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export const now = () => new Date().toISOString();

/**
 * The dialect a handle or one of its transactions speaks, for the few statements written
 * differently on each, where passing Deps.dialect down would reach through many callers.
 */
export const dialectOf = (db: Db): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
