import { performance } from 'node:perf_hooks';
import * as v from 'valibot';
import type { CompiledQuery } from 'kysely';
import { openDatabase } from '../../../src/server/platform/db';
import { createCatalogueService } from '../../../src/server/modules/catalogue/service';
import { productQuerySchema } from '../../../src/shared/schemas/catalogue';
import { filteredSearches, scaleSearches } from './scale-searches';

/**
 * npx tsx tests/bench/tools/search-statements.ts: the searches of `npm run bench scale`, asked
 * of the catalogue service one at a time on the configured database (DATABASE_URL, or the
 * SQLite in DATA_DIR), each printed with its time and each statement's (the page, then a broad
 * search's page sought up to the sample's key). FROM (40: where the bench's timed searches
 * start) and N (100) choose them. EXPLAIN=k prints the plans of the k slowest statements
 * afterwards; BOUND counts exactly up to another bound than the service's; MIX=filtered asks
 * the bench's filtered searches (by price, capped) instead. Reads only (SQLite: use a copy, opening it checkpoints its WAL).
 */
const from = Number(process.env.FROM ?? 40);
const count = Number(process.env.N ?? 100);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'data' });
let ran: { query: CompiledQuery; ms: number }[] = [];
const read = async <T,>(query: CompiledQuery) => {
  const start = performance.now();
  const rows = await handle.readOffLoop<T>(query);
  ran.push({ query, ms: performance.now() - start });
  return rows;
};
const service = createCatalogueService(handle.db, handle.dialect, read, process.env.BOUND ? Number(process.env.BOUND) : undefined);
// SQLite's reader threads are unref'd (they must not keep a closed server alive): this keeps the tool alive while they answer.
const alive = setInterval(() => undefined, 60_000);
const times: number[] = [];
const statements: { search: string; query: CompiledQuery; ms: number }[] = [];
for (const asked of (process.env.MIX === 'filtered' ? filteredSearches : scaleSearches)(from, count)) {
  const query = v.parse(productQuerySchema, Object.fromEntries(new URLSearchParams(asked)));
  ran = [];
  const start = performance.now();
  await service.listProducts(query);
  const ms = performance.now() - start;
  times.push(ms);
  const search = decodeURIComponent(asked);
  statements.push(...ran.map((r) => ({ search, ...r })));
  console.log(`${ms.toFixed(1).padStart(8)} ms  ${ran.map((r) => r.ms.toFixed(0)).join(' + ').padEnd(12)} ${search}`);
}
const pct = (p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];
console.log(`${times.length} searches: p50 ${pct(50).toFixed(1)} ms, p90 ${pct(90).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, sum ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms`);

// The slowest statements' plans: EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL, EXPLAIN QUERY PLAN on SQLite.
for (const { search, query, ms } of statements.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.EXPLAIN ?? 0))) {
  const explain = handle.dialect === 'postgres' ? 'explain (analyze, buffers)' : 'explain query plan';
  const plan = await handle.db.executeQuery<Record<string, unknown>>({ ...query, sql: `${explain} ${query.sql}` });
  const lines = plan.rows.map((r) => String(r['QUERY PLAN'] ?? `${r.id} ${r.parent} ${r.detail}`));
  console.log(`\n${ms.toFixed(0)} ms: ${search}\n${query.sql}\n${JSON.stringify(query.parameters)}\n${lines.join('\n')}`);
}
clearInterval(alive);
await handle.close();
