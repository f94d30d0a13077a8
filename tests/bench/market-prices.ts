import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { foldPaidSales, recordCollectedOrder } from '../../src/server/modules/market-prices/index-update';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { GHANA_REGIONS } from '../../src/shared/catalogue';
import type { MarketPriceChanges } from '../../src/shared/schemas/market-prices';
import { sideBySide, startBare, ROUNDS, SECONDS, CONNECTIONS } from '../support/bench-http';
import { startNpm } from '../support/npm-start';
import { startTestServer } from '../support/server';

/**
 * npm run bench market-prices: what the price index costs. (0) The first start's demo history.
 * (1) The index's update per paid
 * order, inside the payment's transaction, in a week whose cells already hold the demo's
 * trade (SQLite, in-process; DATABASE_URL for PostgreSQL). (2) The public reads of the real
 * `npm start` with its 12 weeks of demo trade against a bare route serving the same bytes
 * (target as the catalogue's: ratio >= 0.40, p99 <= 25 ms). (3) The bytes a phone's offline copy
 * costs on its first visit and on a typical day, whole answers against deltas.
 */
const ORDERS = 300;
const startedPlain = performance.now();
await (await startTestServer({ env: { SEED_HISTORY: 'none' } })).close();
const plainMs = performance.now() - startedPlain;
const startedDemo = performance.now();
const server = await startTestServer({ env: { SEED_HISTORY: 'demo' } });
const demoMs = performance.now() - startedDemo;
const db = server.deps.db;
const history = await db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').select((eb) => eb.fn.countAll<number>().as('n')).where('users.email', '=', 'market.history@akuafo.demo').executeTakeFirstOrThrow();
console.log(`First start on a fresh database (migrate and seed, in-process, ${server.schema ? 'PostgreSQL' : 'SQLite'}): ${Math.round(plainMs)} ms with SEED_HISTORY=none, ${Math.round(demoMs)} ms with the demo history (${history.n} orders through checkout, payment and collection)`);
const maize = await db.selectFrom('products').select(['id', 'price_minor']).where('commodity_id', '=', 'maize-50kg').orderBy('id').executeTakeFirstOrThrow();
const buyer = await db.selectFrom('users').select('id').where('email', '=', 'buyer@akuafo.demo').executeTakeFirstOrThrow();
const warehouse = await db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow();
const at = new Date().toISOString();

/** A paid order of one line, counted by the index; returns how long the index's update took (its filing with the payment, then the job's fold). */
async function paidOrder(orderNumber: string, productId: number, unitMinor: number, quantity: number): Promise<number> {
  const filing = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('orders')
      .values({
        order_number: orderNumber, user_id: buyer.id, status: 'PROCESSING', payment_status: 'PAID', pickup_warehouse_id: warehouse.id, subtotal_minor: unitMinor * quantity, discount_minor: 0, tax_minor: 0,
        shipping_minor: 0, total_minor: unitMinor * quantity, currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
        reservation_expires_at: null, estimated_delivery: at, delivered_at: null, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('order_items').values({ order_id: id, product_id: productId, product_name: 'Bench', unit_price_minor: unitMinor, quantity, total_minor: unitMinor * quantity }).execute();
    const started = performance.now();
    await recordCollectedOrder(trx, id);
    return performance.now() - started;
  });
  const folding = performance.now();
  await foldPaidSales(db);
  return filing + performance.now() - folding;
}

const times: number[] = [];
for (let i = 0; i < ORDERS; i++) times.push(await paidOrder(`BENCH-${i}`, maize.id, maize.price_minor + (i % 7) * 100, 1 + (i % 3)));
const sorted = [...times].sort((a, b) => a - b);
const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const cell = await db.selectFrom('market_price_cells').select(['sales']).where('commodity_id', '=', 'maize-50kg').where('region', '=', '').orderBy('week', 'desc').executeTakeFirstOrThrow();
console.log(`Index update per collected order (recordCollectedOrder in the collection's transaction and the job's foldPaidSales, ${server.schema ? 'PostgreSQL' : 'SQLite'}, ${ORDERS} orders into one week, ${cell.sales} sales in its country cell at the end):`);
console.log(`  median ${pick(0.5).toFixed(2)} ms, p99 ${pick(0.99).toFixed(2)} ms`);
await dayOfRefresh();
await server.close();

/**
 * What keeping a phone's copy costs on a typical day, in gzip bytes of the answers' bodies
 * (headers aside). A day of the demo's trade: about 1,000 paid orders in 12 weeks is 12 a day,
 * and a few sellers change a price (5 here), in several regions. Before (whole answers by
 * ETag): a phone that looks at its region's list and one commodity downloads both again
 * whenever they changed. After (deltas): the rows changed since its cursor, whatever it looks at.
 */
async function dayOfRefresh() {
  const gz = async (path: string) => {
    const res = await server.call(path);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const text = await res.text();
    return { bytes: gzipSync(text).byteLength, text, body: JSON.parse(text) as { data: MarketPriceChanges } };
  };
  const looked = ['/market-prices?region=Ashanti', '/market-prices/maize-50kg'];
  const commodityIds = (await db.selectFrom('commodities').select('id').execute()).map((c) => c.id);
  const everything = [...looked, '/market-prices', ...GHANA_REGIONS.filter((r) => r !== 'Ashanti').map((r) => `/market-prices?region=${encodeURIComponent(r)}`), ...commodityIds.filter((id) => id !== 'maize-50kg').map((id) => `/market-prices/${id}`)];
  /** The answers' texts now; and the gzip bytes of those that differ from `before` (an unchanged one is a bodiless 304). */
  const wholeAnswers = async (paths: string[], before?: Map<string, string>) => {
    const texts = new Map<string, string>();
    let bytes = 0;
    for (const path of paths) {
      const answer = await gz(path);
      texts.set(path, answer.text);
      if (before?.get(path) !== answer.text) bytes += answer.bytes;
    }
    return { texts, bytes };
  };
  /** A pull as the phone makes it (src/local/market-prices.ts: pages of 500 rows). */
  const pull = async (since: number, tag?: string) => {
    let bytes = 0;
    let rows = 0;
    let cursor = since;
    for (;;) {
      const page = await gz(`/market-prices/changes?since=${cursor}&limit=500${tag ? `&commodities=${tag}` : ''}`);
      bytes += page.bytes;
      rows += page.body.data.rows.length;
      cursor = page.body.data.cursor;
      tag = page.body.data.commoditiesTag;
      if (!page.body.data.hasMore) return { bytes, rows, cursor, tag };
    }
  };
  const firstBefore = await wholeAnswers(looked);
  const firstAll = await wholeAnswers(everything);
  const first = await pull(0);
  const listings = await db.selectFrom('products').select(['id', 'price_minor', 'region']).where('commodity_id', 'is not', null).orderBy('id').execute();
  const step = Math.max(1, Math.floor(listings.length / 12));
  // The day touches what the phone looks at: a maize sale, and a price change in Ashanti.
  const ashanti = listings.find((l) => l.region === 'Ashanti') ?? listings[0]!;
  for (let i = 0; i < 12; i++) {
    const p = i === 0 ? { id: maize.id, price_minor: maize.price_minor } : listings[(i * step) % listings.length]!;
    await paidOrder(`BENCH-DAY-${i}`, p.id, p.price_minor, 1 + (i % 3));
  }
  for (let i = 0; i < 5; i++) {
    const p = i === 0 ? ashanti : listings[(i * 7 + 3) % listings.length]!;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ price_minor: p.price_minor + 500, version: await nextCatalogueVersion(trx) }).where('id', '=', p.id).execute();
    });
  }
  const dayBefore = await wholeAnswers(looked, firstBefore.texts);
  const dayAll = await wholeAnswers(everything, firstAll.texts);
  const day = await pull(first.cursor, first.tag);
  console.log(`\nThe phone's copy (${listings.length} mapped listings, 12 weeks of demo trade), gzip bytes of the answers' bodies:`);
  console.log(`| | before, whole answers by ETag: Ashanti's list + maize | before: all ${everything.length} answers (every region, every commodity) | after: deltas (every region and commodity) |`);
  console.log('|---|---|---|---|');
  console.log(`| first visit | ${firstBefore.bytes.toLocaleString('en')} | ${firstAll.bytes.toLocaleString('en')} | ${first.bytes.toLocaleString('en')} (${first.rows.toLocaleString('en')} rows) |`);
  console.log(`| a day's refresh (12 paid orders, 5 price changes) | ${dayBefore.bytes.toLocaleString('en')} | ${dayAll.bytes.toLocaleString('en')} | ${day.bytes.toLocaleString('en')} (${day.rows} rows) |`);
}

const dir = mkdtempSync(join(tmpdir(), 'akuafo-bench-prices-'));
const app = await startNpm({ DATA_DIR: dir, SEED: 'demo', LOG_LEVEL: 'warn' });
try {
  const paths = ['/api/v1/market-prices', '/api/v1/market-prices?region=Ashanti&category=Grains', '/api/v1/market-prices/maize-50kg'];
  const bodies: Record<string, string> = {};
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(app.baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    bodies[path] = await res.text();
    console.log(`First answer (built, not cached) of ${path}: ${(performance.now() - started).toFixed(1)} ms`);
  }
  const bare = await startBare(bodies, dir);
  try {
    for (const path of paths) await sideBySide(app.baseUrl + path, bare.baseUrl + path, 1, 1);
    console.log(`\nautocannon, ${CONNECTIONS} connections, Accept-Encoding gzip, median of ${ROUNDS} turns of ${SECONDS} s a side`);
    console.log('| route | Akuafo req/s | p99 | bare route, same bytes | ratio | gzip bytes |');
    console.log('|---|---|---|---|---|---|');
    for (const path of paths) {
      const [ours, theirs] = await sideBySide(app.baseUrl + path, bare.baseUrl + path);
      const ratio = ours.rps / theirs.rps;
      const met = ratio >= 0.4 && ours.p99 <= 25 ? '' : ' (short of target)';
      console.log(`| \`GET ${path}\` | ${Math.round(ours.rps).toLocaleString('en')} | ${ours.p99} ms | ${Math.round(theirs.rps).toLocaleString('en')} | ${ratio.toFixed(2)}${met} | ${gzipSync(bodies[path]!).byteLength.toLocaleString('en')} |`);
    }
  } finally {
    bare.stop();
  }
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
