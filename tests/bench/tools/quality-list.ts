import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../../../src/server/platform/db';
import { generateCatalogue } from '../../../src/server/platform/db/generate-catalogue';
import { createLocalStorage } from '../../../src/server/platform/storage';
import { createCatalogueService } from '../../../src/server/modules/catalogue/service';
import { productQuerySchema } from '../../../src/shared/schemas/catalogue';
import * as v from 'valibot';

/**
 * Issue 41 item 4: GET /products with and without ?checked=true at scale, through the catalogue
 * service (no HTTP, no answer cache): BENCH_COUNT listings (100,000 on SQLite; with
 * DATABASE_URL, PostgreSQL), BENCH_CHECKED_SHARE of them with a checked lot (0.01), each query's
 * median of 21 runs. `npx tsx tests/bench/tools/quality-list.ts`.
 */
const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const SHARE = Number(process.env.BENCH_CHECKED_SHARE ?? 0.01);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'akuafo-bench-quality-'));
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await migrate(handle);
const have = Number((await handle.db.selectFrom('products').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
if (have < COUNT * 0.95) await generateCatalogue(handle, createLocalStorage(join(dataDir, 'uploads')), COUNT - have);
const every = Math.round(1 / SHARE);
await handle.db.updateTable('products').set({ quality_checked_lots: 0, quality_passed_lots: 0, quality_last_grade: null }).where('quality_checked_lots', '>', 0).execute();
await handle.db.updateTable('products').set({ quality_checked_lots: 2, quality_passed_lots: 1, quality_last_grade: 'Grade 1' }).where(sql<boolean>`id % ${every} = 0`).execute();
if (handle.dialect === 'postgres') await sql`analyze products`.execute(handle.db);
const catalogue = createCatalogueService(handle.db, handle.dialect);
const ask = (q: Record<string, string>) => v.parse(productQuerySchema, q);
const cases: [string, Record<string, string>][] = [
  ['newest', {}],
  ['newest, checked', { checked: 'true' }],
  ['page 5, checked', { checked: 'true', page: '5' }],
  ['Grains, checked', { checked: 'true', category: 'Grains' }],
  ['cheapest, checked', { checked: 'true', sortBy: 'price', sortDir: 'asc' }],
  ['"maize", checked', { checked: 'true', search: 'maize' }],
  ['"maize"', { search: 'maize' }],
];
console.log(`${handle.dialect}, ${COUNT.toLocaleString('en')} listings, 1 in ${every} checked`);
for (const [name, q] of cases) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    const page = await catalogue.listProducts(ask(q));
    times.push(performance.now() - t0);
    total = page.pagination.totalCount;
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(20)} median ${times[10]!.toFixed(1)} ms, worst ${times[20]!.toFixed(1)} ms (${total.toLocaleString('en')} found)`);
}
await handle.close();
