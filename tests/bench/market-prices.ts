import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { recordPaidOrder } from '../../src/server/modules/market-prices/index-update';
import { sideBySide, startBare, ROUNDS, SECONDS, CONNECTIONS } from '../support/bench-http';
import { startNpm } from '../support/npm-start';
import { startTestServer } from '../support/server';

/**
 * npm run bench market-prices: what the price index costs. (1) The index's update per paid
 * order, inside the payment's transaction, in a week whose cells already hold the demo's
 * trade (SQLite, in-process; DATABASE_URL for PostgreSQL). (2) The public reads of the real
 * `npm start` with its 12 weeks of demo trade against a bare route serving the same bytes
 * (target as the catalogue's: ratio >= 0.40, p99 <= 25 ms).
 */
const ORDERS = 300;
const server = await startTestServer({ env: { SEED_HISTORY: 'demo' } });
const db = server.deps.db;
const maize = await db.selectFrom('products').select(['id', 'price_minor']).where('commodity_id', '=', 'maize-50kg').orderBy('id').executeTakeFirstOrThrow();
const buyer = await db.selectFrom('users').select('id').where('email', '=', 'buyer@akuafo.demo').executeTakeFirstOrThrow();
const warehouse = await db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow();
const at = new Date().toISOString();

const times: number[] = [];
for (let i = 0; i < ORDERS; i++) {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('orders')
      .values({
        order_number: `BENCH-${i}`, user_id: buyer.id, status: 'PROCESSING', payment_status: 'PAID', pickup_warehouse_id: warehouse.id, subtotal_minor: maize.price_minor, discount_minor: 0, tax_minor: 0,
        shipping_minor: 0, total_minor: maize.price_minor, currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
        reservation_expires_at: null, estimated_delivery: at, delivered_at: null, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('order_items').values({ order_id: id, product_id: maize.id, product_name: 'Maize', unit_price_minor: maize.price_minor + (i % 7) * 100, quantity: 1 + (i % 3), total_minor: maize.price_minor }).execute();
    const started = performance.now();
    await recordPaidOrder(trx, id);
    times.push(performance.now() - started);
  });
}
const sorted = [...times].sort((a, b) => a - b);
const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const cell = await db.selectFrom('market_price_cells').select(['sales']).where('commodity_id', '=', 'maize-50kg').where('region', '=', '').orderBy('week', 'desc').executeTakeFirstOrThrow();
console.log(`Index update per paid order (recordPaidOrder in the payment's transaction, ${server.schema ? 'PostgreSQL' : 'SQLite'}, ${ORDERS} orders into one week, ${cell.sales} sales in its country cell at the end):`);
console.log(`  median ${pick(0.5).toFixed(2)} ms, p99 ${pick(0.99).toFixed(2)} ms`);
await server.close();

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
