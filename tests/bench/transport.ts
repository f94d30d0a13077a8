import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { now } from '../../src/server/platform/db';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { createLogger } from '../../src/server/platform/logging';
import { GHANA_REGIONS } from '../../src/shared/catalogue';
import { sessionToken } from '../support/session';
import { printBudgets } from './tools/budgets';

/**
 * npm run bench transport (issue 40's speed goals, docs/performance.md "Transport"):
 * 1. the checkout's quote (GET /shop/checkout/quote) of a cart of 10 lines from 10 sellers who
 *    drop off at different warehouses, at BENCH_COUNT (1,000,000) listings: p50 and p99 of
 *    BENCH_QUOTES (300) quotes one after another;
 * 2. the transporters' loads board (GET /transporters/me/loads?status=OPEN, by region and
 *    capacity, pages 1-3) with BENCH_CONSIGNMENTS (100,000) consignments of which one in twenty
 *    waits at its origin: p50 and p99 of BENCH_BOARDS (400) reads.
 * In process through the app (app.request: the routes' whole chain, no socket), the demo seed
 * plus the generated catalogue; SQLite in a new folder, or BENCH_DATABASE_URL (or DATABASE_URL)=postgres://… in a
 * schema of its own (BENCH_SCHEMA: kept, see below). Goal: each p99 ≤ 25 ms on a 2-CPU machine like CI's.
 */
const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const CONSIGNMENTS = Number(process.env.BENCH_CONSIGNMENTS ?? 100_000);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 300);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 400);
/** Requests of each kind before the timed ones: a server in steady state (statements prepared, JIT warm). */
const WARM_UP = 20;

const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-bench-transport-'));
// BENCH_DATABASE_URL as money.ts, or DATABASE_URL as scale.ts: `DATABASE_URL=postgres://… npm run bench transport` ran SQLite before.
const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
const config = loadConfig({ DATA_DIR: dataDir, SEED: 'demo', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
config.staticDir = undefined;
/**
 * BENCH_SCHEMA=name (PostgreSQL): the bench's schema is kept after the run and used again by the
 * next run with the same name (its migrations run, the catalogue and consignments are not made
 * again), so a plan change can be measured before and after on the same million without
 * generating it twice (20 minutes on a loaded 2-CPU machine). Without it, a new schema, dropped.
 */
const keptSchema = databaseUrl ? process.env.BENCH_SCHEMA : undefined;
const schema = databaseUrl ? (keptSchema ?? `bench_${Date.now().toString(36)}`) : undefined;
const { deps, close } = await createDeps(config, createLogger('silent'), schema);
const app = createApp(deps);
const db = deps.db;
const runId = Date.now().toString(36);

const listed = Number((await db.selectFrom('products').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
if (keptSchema && listed >= COUNT * 0.98) {
  console.log(`${deps.dialect}: schema ${keptSchema} kept from a run before: ${listed.toLocaleString('en')} listings`);
} else {
  const generated = await generateCatalogue(deps, deps.storage, COUNT, (done) => {
    if (done % 200_000 === 0) console.log(`  ${done.toLocaleString('en')} listings`);
  });
  console.log(`${deps.dialect}: generated ${COUNT.toLocaleString('en')} listings in ${(generated.ms / 1000).toFixed(1)} s`);
}

const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;
async function timedGet(path: string, token: string): Promise<number> {
  const t = performance.now();
  const res = await app.request(`http://bench.local/api/v1${path}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' } });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return ms;
}

/** 1. A buyer in Accra with one listing of each of 10 sellers from 10 regions in the cart. */
async function quotes(): Promise<number[]> {
  const accra = (await db.selectFrom('warehouses').select('id').where('name', '=', 'Accra Hub').executeTakeFirstOrThrow()).id;
  const at = now();
  const buyer = await db.insertInto('users').values({ email: `bench-quote-${runId}@akuafo.bench`, password_hash: 'x', first_name: 'Esi', last_name: 'Bench', phone: null, user_type: 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  for (const region of GHANA_REGIONS.slice(0, 10)) {
    const product = await db
      .selectFrom('products')
      .innerJoin('seller_profiles as s', 's.user_id', 'products.seller_id')
      .select('products.id')
      .where('s.business_region', '=', region)
      .where('products.is_active', '=', 1)
      .where('products.stock_quantity', '>', 5)
      .orderBy('products.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.insertInto('cart_items').values({ user_id: buyer.id, product_id: product.id, quantity: 2, created_at: at, updated_at: at }).execute();
  }
  const { token } = await sessionToken({ deps }, buyer.id);
  const quote = () => timedGet(`/shop/checkout/quote?pickupLocationId=${accra}`, token);
  for (let i = 0; i < WARM_UP; i++) await quote();
  const times: number[] = [];
  for (let i = 0; i < QUOTES; i++) times.push(await quote());
  return times;
}

/** 2. CONSIGNMENTS consignments between the warehouses, one in twenty waiting for a transporter. */
async function boards(): Promise<number[]> {
  const warehouses = await db.selectFrom('warehouses').select(['id', 'region']).execute();
  const orders = (await db.selectFrom('orders').select('id').limit(200).execute()).map((o) => o.id);
  const sellers = (await db.selectFrom('seller_profiles').select('user_id').limit(200).execute()).map((s) => s.user_id);
  const transporter = await db.selectFrom('users').select('id').where('email', '=', 'transporter@akuafo.demo').executeTakeFirstOrThrow();
  const at = now();
  const already = Number((await db.selectFrom('consignments').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  for (let start = already >= CONSIGNMENTS ? CONSIGNMENTS : 0; start < CONSIGNMENTS; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, CONSIGNMENTS - start) }, (_, k) => {
      const i = start + k;
      const from = warehouses[i % warehouses.length]!;
      const to = warehouses[(i * 7 + 3) % warehouses.length]!;
      const open = i % 20 === 0;
      return {
        order_id: orders[i % orders.length]!, seller_id: sellers[i % sellers.length]!, from_warehouse_id: from.id, to_warehouse_id: to.id === from.id ? warehouses[(i + 1) % warehouses.length]!.id : to.id,
        weight_g: 5_000 + ((i * 7919) % 2_000_000), distance_km: 50 + (i % 600), fee_minor: 1_000 + (i % 50_000), status: open ? 'AT_ORIGIN' : i % 3 === 0 ? 'IN_TRANSIT' : 'ARRIVED',
        expected_ready_at: at, transporter_id: open ? null : transporter.id, collection_code: String(100_000 + (i % 900_000)), delivery_code: String(100_000 + ((i * 3) % 900_000)),
        at_origin_at: at, accepted_at: open ? null : at, collected_at: null, arrived_at: null, created_at: at, updated_at: at,
      };
    });
    await db.insertInto('consignments').values(rows).execute();
  }
  // The planner's statistics of the new rows, as autovacuum keeps them on a server in steady state
  // (without it PostgreSQL plans the board on a table it believes empty).
  if (deps.dialect === 'postgres') await sql`analyze consignments`.execute(db);
  const regions = [...new Set(warehouses.map((w) => w.region))];
  const { token } = await sessionToken({ deps }, transporter.id);
  // Pages 1-3 as the screen reads them: page 2 with page 1's nextCursor, page 3 with page 2's
  // (the cursors asked once before the timed reads).
  const filterOf = (i: number) => {
    const region = i % 4 === 0 ? '' : `&region=${encodeURIComponent(regions[i % regions.length]!)}`;
    const capacity = i % 3 === 0 ? '' : `&capacityKg=${[500, 2_000, 5_000][i % 3]}`;
    return `/transporters/me/loads?status=OPEN${region}${capacity}`;
  };
  const cursors = new Map<string, (string | null)[]>();
  for (let i = 0; i < 12 * regions.length; i++) {
    const filter = filterOf(i);
    if (cursors.has(filter)) continue;
    const pages: (string | null)[] = [null];
    for (let page = 1; page < 3; page++) {
      const before = pages[page - 1];
      const res = await app.request(`http://bench.local/api/v1${filter}${before ? `&cursor=${before}` : ''}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' } });
      pages.push(((await res.json()) as { nextCursor: string | null }).nextCursor);
    }
    cursors.set(filter, pages);
  }
  const board = (i: number) => {
    const filter = filterOf(i);
    const cursor = cursors.get(filter)![i % 3];
    return timedGet(`${filter}${cursor ? `&cursor=${cursor}` : ''}`, token);
  };
  for (let i = 0; i < WARM_UP; i++) await board(i);
  const times: number[] = [];
  for (let i = 0; i < BOARDS; i++) times.push(await board(i));
  return times;
}

try {
  const quoteTimes = await quotes();
  console.log(`quote, 10 lines, ${COUNT.toLocaleString('en')} listings: p50 ${pct(quoteTimes, 50).toFixed(1)} ms, p99 ${pct(quoteTimes, 99).toFixed(1)} ms (${QUOTES} quotes)`);
  const boardTimes = await boards();
  console.log(`loads board, ${CONSIGNMENTS.toLocaleString('en')} consignments: p50 ${pct(boardTimes, 50).toFixed(1)} ms, p99 ${pct(boardTimes, 99).toFixed(1)} ms (${BOARDS} reads)`);
  printBudgets(`Transport budgets (${deps.dialect})`, [
    { figure: 'quote p99, 10 lines', value: pct(quoteTimes, 99), unit: 'ms', max: 25 },
    { figure: 'loads board p99', value: pct(boardTimes, 99), unit: 'ms', max: 25 },
  ]);
} finally {
  if (schema && !keptSchema) await db.schema.dropSchema(schema).ifExists().cascade().execute().catch(() => undefined);
  await close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
