import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A database migrated and seeded once per test run for each seed shape, copied for every test
 * server: a SQLite file copied, a PostgreSQL database made with CREATE DATABASE … TEMPLATE.
 * tests/support/db-run.ts (the server projects' globalSetup) makes the run folder and, at the
 * end, drops what the run left; without it (a bench script) every server migrates and seeds
 * its own database as before.
 */

/** The combination of seed options a test server's database starts from. */
export type SeedShape = 'bare' | 'demo' | 'demo-history';

/** Set by the globalSetup: the folder where this run's templates and their locks live. */
export const RUN_DIR_VARIABLE = 'AKUAFO_TEST_RUN_DIR';
const SQLITE_FILE = 'akuafo.sqlite';

/** The run's id, in the templates' names, so two runs (two engineers) never share one. */
export const runIdOf = (runDir: string) => /([a-z0-9]+)$/i.exec(runDir)![1]!.toLowerCase();

export const pgUrlFor = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};
const baseDatabaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The names this run gives its PostgreSQL databases: `<base>_tpl_<run>_<shape>`, `<base>_c_<run>_<n>`. */
export const templatePrefix = (url: string, runId: string) => `${baseDatabaseOf(url)}_tpl_${runId}_`;
export const copyPrefix = (url: string, runId: string) => `${baseDatabaseOf(url)}_c_${runId}_`;

/** One statement on the database DATABASE_URL names (never on a template: a copy needs it unconnected). */
export async function onBaseDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The template for `shape`, made by the first worker that needs it and waited for by the others
 * (a folder made with mkdir is the lock: only one process can make it). `build` migrates and
 * seeds a database in `dataDir` (SQLite) or at `url` (PostgreSQL) and closes it.
 */
async function ensureTemplate(runDir: string, shape: SeedShape, databaseUrl: string | undefined, build: (target: { dataDir: string; databaseUrl?: string }) => Promise<void>): Promise<string> {
  // A run may make both kinds (db-templates.test.ts does on the PostgreSQL pass).
  const kind = `${databaseUrl ? 'postgres' : 'sqlite'}-${shape}`;
  const ready = join(runDir, `${kind}.ready`);
  const folder = join(runDir, kind);
  const template = databaseUrl ? `${templatePrefix(databaseUrl, runIdOf(runDir))}${shape.replace(/-/g, '_')}` : join(folder, SQLITE_FILE);
  if (existsSync(ready)) return template;
  let mine = false;
  try {
    mkdirSync(join(runDir, `${kind}.lock`));
    mine = true;
  } catch {
    // Another worker is making it.
  }
  const failed = join(runDir, `${kind}.failed`);
  if (mine) {
    try {
      if (databaseUrl) {
        await onBaseDatabase(databaseUrl, (c) => c.query(`create database ${quoted(template)}`));
        await build({ dataDir: folder, databaseUrl: pgUrlFor(databaseUrl, template) });
      } else {
        await build({ dataDir: folder });
      }
    } catch (error) {
      // The workers waiting for it fail at once with the reason, not after the deadline.
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
    writeFileSync(`${ready}.tmp`, template);
    renameSync(`${ready}.tmp`, ready);
    return template;
  }
  const deadline = Date.now() + 180_000;
  while (!existsSync(ready)) {
    if (existsSync(failed)) throw new Error(`The ${shape} test database template could not be made: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`The ${shape} test database template was not made within 3 minutes (${runDir})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return template;
}

let copies = 0;

export interface DatabaseCopy {
  /** The copy's DATABASE_URL (PostgreSQL) or undefined (SQLite: the file is in dataDir). */
  databaseUrl: string | undefined;
  /** Removes the copy (PostgreSQL: drops the database; SQLite goes with its folder). */
  drop(): Promise<void>;
}

/**
 * A fresh database for one test server, copied from the run's template for its shape into
 * `dataDir` (SQLite) or as a new database beside DATABASE_URL's (PostgreSQL). Undefined when
 * no run folder is set.
 */
export async function copyTemplate(shape: SeedShape, dataDir: string, databaseUrl: string | undefined, build: (target: { dataDir: string; databaseUrl?: string }) => Promise<void>): Promise<DatabaseCopy | undefined> {
  const runDir = process.env[RUN_DIR_VARIABLE];
  if (!runDir || !existsSync(runDir)) return undefined;
  const template = await ensureTemplate(runDir, shape, databaseUrl, build);
  if (!databaseUrl) {
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(template, join(dataDir, SQLITE_FILE));
    // A closed database has no write-ahead log left; a template that kept one keeps it with it.
    if (existsSync(`${template}-wal`) && statSync(`${template}-wal`).size > 0) copyFileSync(`${template}-wal`, join(dataDir, `${SQLITE_FILE}-wal`));
    return { databaseUrl: undefined, drop: async () => undefined };
  }
  const name = `${copyPrefix(databaseUrl, runIdOf(runDir))}${process.pid}_${(copies += 1)}`;
  await createFromTemplate(databaseUrl, name, template);
  return {
    databaseUrl: pgUrlFor(databaseUrl, name),
    drop: () => onBaseDatabase(databaseUrl, (c) => c.query(`drop database if exists ${quoted(name)} with (force)`)).then(() => undefined),
  };
}

/**
 * CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template; the template's
 * own connections are closed before it is marked ready, but a backend can take a moment to
 * leave after its client has gone, so a refusal is tried again for a few seconds.
 */
async function createFromTemplate(url: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await onBaseDatabase(url, (c) => c.query(`create database ${quoted(name)} template ${quoted(template)}`));
      return;
    } catch (error) {
      if (attempt >= 40 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** What the globalSetup's teardown drops: every database this run made, templates and leftovers. */
export async function dropRunDatabases(url: string, runId: string): Promise<void> {
  await onBaseDatabase(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1) or starts_with(datname, $2)', [templatePrefix(url, runId), copyPrefix(url, runId)]);
    // A worker's own drop of a copy may still be going on: each is tried, none stops the others.
    for (const { datname } of rows) await c.query(`drop database if exists ${quoted(datname)} with (force)`).catch(() => undefined);
  });
}
