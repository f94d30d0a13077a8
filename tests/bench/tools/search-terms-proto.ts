import { performance } from 'node:perf_hooks';
import * as v from 'valibot';
import { sql, type RawBuilder } from 'kysely';
import { openDatabase } from '../../../src/server/platform/db';
import { createCatalogueService } from '../../../src/server/modules/catalogue/service';
import { productQuerySchema, type ProductQuery } from '../../../src/shared/schemas/catalogue';
import { searchWords } from '../../../src/shared/search';
import { toMinor } from '../../../src/shared/money';
import { CATALOGUE_COUNT_BOUND } from '../../../src/shared/catalogue';
import { scaleSearches } from './scale-searches';
import { toProducts } from '../../../src/server/modules/catalogue/serialize';

/**
 * npx tsx tests/bench/tools/search-terms-proto.ts (issue 25, PostgreSQL only): the bench's
 * searches asked of the catalogue service (main's trigram path) and of a prototype of search
 * by exact terms, alternating search by search, each answer compared (page ids and count).
 * Needs the prototype's tables made by hand first: tests/bench/tools/search-terms-proto.sql
 * (`product_search`: one row per listed product with its terms, GIN over them, and the
 * vocabulary `search_vocab`). FROM (40) and N (400) choose the searches. Reads only.
 */
const from = Number(process.env.FROM ?? 40);
const count = Number(process.env.N ?? 400);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'data' });
if (handle.dialect !== 'postgres') throw new Error('PostgreSQL only');
const db = handle.db;
await sql`set jit = off`.execute(db);
const service = createCatalogueService(db, handle.dialect);
const bound = CATALOGUE_COUNT_BOUND;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const bucketOf = (column: string, value: RawBuilder<unknown>): RawBuilder<string> =>
  column === 'price_minor'
    ? sql<string>`'p:' || lpad(floor(ln(greatest(${value}::int, 1)) * 20)::int::text, 3, '0')`
    : column === 'created_at'
      ? sql<string>`'d:' || substr(${value}::text, 1, 10)`
      : sql<string>`'n:' || left(${value}::text collate "C", 2)`;

async function byTerms(query: ProductQuery): Promise<{ ids: number[]; count: number; ms: number[] }> {
  const ms: number[] = [];
  const words = searchWords(query.search);
  // Each word's tokens from the vocabulary first, so the planner sees the arrays (as initplans it guessed a scan).
  let start = performance.now();
  const patterns = words.map((w) => `w:%${escapeLike(w)}%`);
  const found = await sql<{ terms: string[] }>`select array(select term from search_vocab where term like pattern escape '\\') as terms from unnest(${patterns}::text[]) with ordinality as w(pattern, n) order by n`.execute(db);
  ms.push(performance.now() - start);
  if (found.rows.some((r) => r.terms.length === 0)) return { ids: [], count: 0, ms };
  const conditions: RawBuilder<unknown>[] = found.rows.map((r) => sql`terms && ${r.terms}::text[]`);
  const filterTerms = [query.category && `c:${query.category}`, query.condition && `k:${query.condition}`, query.location && `r:${query.location}`].filter(Boolean) as string[];
  if (filterTerms.length) conditions.push(sql`terms @> ${filterTerms}::text[]`);
  if (query.minPrice !== undefined) conditions.push(sql`price_minor >= ${toMinor(query.minPrice)}`);
  if (query.maxPrice !== undefined) conditions.push(sql`price_minor <= ${toMinor(query.maxPrice)}`);
  const column = query.sortBy === 'price' ? 'price_minor' : query.sortBy === 'name' ? 'name_key' : 'created_at';
  const key = sql.ref(column);
  const dir = sql.raw(query.sortDir);
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * query.limit;
  start = performance.now();
  const first = await sql<{ total: string; id: number | null; key: unknown }>`with hits as materialized (select id, ${key} as key from product_search where ${where} limit ${bound + 1})
    select (select count(*) from hits) as total, page.id, page.key from (select 1) as one left join (select id, key from hits order by key ${dir}, id ${dir} limit ${query.limit} offset ${offset}) as page on true order by page.key ${dir}, page.id ${dir}`.execute(db);
  ms.push(performance.now() - start);
  const total = Number(first.rows[0].total);
  const sample = first.rows.filter((r) => r.id !== null);
  if (total <= bound) return { ids: sample.map((r) => r.id!), count: total, ms };
  // Broad: the sample's page's last key bounds the true page's; only the buckets up to it are read.
  const last = sample.length === query.limit ? sample[sample.length - 1].key : undefined;
  const prefix = column === 'price_minor' ? 'p:%' : column === 'created_at' ? 'd:%' : 'n:%';
  const cmp = sql.raw(query.sortDir === 'asc' ? '<=' : '>=');
  start = performance.now();
  const buckets = last === undefined ? [] : (await sql<{ term: string }>`select term from search_vocab where term like ${prefix} and term ${cmp} ${bucketOf(column, sql`${last}`)}`.execute(db)).rows.map((r) => r.term);
  const upTo = last === undefined ? sql`true` : sql`${key} ${cmp} ${last} and terms && ${buckets}::text[]`;
  const page = await sql<{ id: number }>`select id from product_search where ${where} and ${upTo} order by ${key} ${dir}, id ${dir} limit ${query.limit} offset ${offset}`.execute(db);
  ms.push(performance.now() - start);
  return { ids: page.rows.map((r) => r.id), count: total, ms };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const old: number[] = [];
const neu: number[] = [];
let differ = 0;
for (const asked of scaleSearches(from, count)) {
  const query = v.parse(productQuerySchema, Object.fromEntries(new URLSearchParams(asked)));
  let start = performance.now();
  const before = await service.listProducts(query);
  const oldMs = performance.now() - start;
  start = performance.now();
  const after = await byTerms(query);
  // The page's rows and their lookups, as the service does for its answer.
  const rows = (await db.selectFrom('products').selectAll().where('id', 'in', after.ids.length ? after.ids : [0]).execute()).sort((a, b) => after.ids.indexOf(a.id) - after.ids.indexOf(b.id));
  await toProducts(db, rows);
  const newMs = performance.now() - start;
  old.push(oldMs);
  neu.push(newMs);
  const same = JSON.stringify(before.data.map((p) => Number(p.id))) === JSON.stringify(after.ids) && before.pagination.totalCount + (before.pagination.totalIsLowerBound ? 1 : 0) === Math.min(after.count, bound + 1);
  if (!same) differ++;
  console.log(`${oldMs.toFixed(1).padStart(8)} ms ${newMs.toFixed(1).padStart(8)} ms (${after.ms.map((m) => m.toFixed(0)).join(' + ')})${same ? '' : ' DIFFERENT'}  ${decodeURIComponent(asked)}`);
}
for (const [name, xs] of [['trigram (main)', old], ['terms', neu]] as const) {
  console.log(`${name}: p50 ${pct(xs, 50).toFixed(1)} ms, p90 ${pct(xs, 90).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(0)} ms, sum ${xs.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
}
console.log(`${differ} of ${old.length} answers differ`);
await handle.close();
