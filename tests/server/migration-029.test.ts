import { afterAll, beforeAll, expect, it } from 'vitest';
import { foldAllPaidSales } from '../../src/server/modules/market-prices/index-update';
import { migration as collectedSalesMigration } from '../../src/server/platform/db/migrations/029_collected_sales';
import { startTestServer, type TestServer } from '../support/server';

/** 029_collected_sales on a database with trade in it: only collected sales stay, and every cell is folded again under the buyer cap. */
let demo: TestServer;
beforeAll(async () => {
  demo = await startTestServer({ env: { SEED_HISTORY: 'demo' } });
}, 240_000);
afterAll(() => demo.close());

it('drops the sales of orders paid but not collected, refolds every cell from the rest, clears the mirror stamp and moves the counter', async () => {
  const db = demo.deps.db;
  const cells = () => db.selectFrom('market_price_cells').select(['commodity_id', 'region', 'week', 'paid_minor', 'sales', 'quantity', 'sellers']).orderBy('commodity_id').orderBy('region').orderBy('week').execute();
  const key = (c: { commodity_id: string; region: string; week: string }) => `${c.commodity_id}|${c.region}|${c.week}`;
  const folded = await cells();
  expect(folded.length).toBeGreaterThan(100);
  // The database as it was before 029: an order paid and not collected counted at its payment, and cells folded by kilos alone.
  const order = await db.selectFrom('orders').innerJoin('market_sales', 'market_sales.order_id', 'orders.id').select(['orders.id']).orderBy('orders.id').executeTakeFirstOrThrow();
  await db.updateTable('orders').set({ status: 'PROCESSING', delivered_at: null }).where('id', '=', order.id).execute();
  const touched = new Set((await db.selectFrom('market_sales').select(['commodity_id', 'region', 'week']).where('order_id', '=', order.id).execute()).flatMap((s) => [key(s), key({ ...s, region: '' })]));
  await db.updateTable('market_price_cells').set({ paid_minor: 1 }).execute();
  await db.updateTable('market_price_rows_stamp').set({ stamp: 'drawn-before-029' }).execute();
  const counter = () => db.selectFrom('counters').select('value').where('name', '=', 'market_prices').executeTakeFirstOrThrow();
  const before = Number((await counter()).value);

  await collectedSalesMigration().up(db);
  expect(await db.selectFrom('market_sales').select('order_item_id').where('order_id', '=', order.id).execute()).toEqual([]);
  expect((await db.selectFrom('market_price_rows_stamp').select('stamp').executeTakeFirstOrThrow()).stamp).toBe('');
  expect(Number((await counter()).value)).toBeGreaterThan(before);
  await foldAllPaidSales(db);

  const after = await cells();
  expect(after.some((c) => c.paid_minor === 1)).toBe(false);
  // Every cell the order did not touch is as the fold made it; those it touched lost its lines.
  expect(after.filter((c) => !touched.has(key(c)))).toEqual(folded.filter((c) => !touched.has(key(c))));
  for (const cell of after.filter((c) => touched.has(key(c)))) expect(cell.sales).toBeLessThan(folded.find((c) => key(c) === key(cell))!.sales);
});
