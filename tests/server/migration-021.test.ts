import { afterAll, beforeAll, expect, it } from 'vitest';
import { migration as marketCellSellersMigration } from '../../src/server/platform/db/migrations/021_market_cell_sellers';
import { startTestServer, type TestServer } from '../support/server';

/** 021_market_cell_sellers on a database with trade in it: every cell's sellers counted as the fold counts them, and the mirror redrawn. */
let demo: TestServer;
beforeAll(async () => {
  demo = await startTestServer({ env: { SEED_HISTORY: 'demo' } });
}, 120_000);
afterAll(() => demo.close());

it('counts the sellers of the cells already there, as the fold does, and clears the mirror stamp so phones get the published figures', async () => {
  const db = demo.deps.db;
  const cells = () => db.selectFrom('market_price_cells').select(['commodity_id', 'region', 'week', 'sellers']).orderBy('commodity_id').orderBy('region').orderBy('week').execute();
  const folded = await cells();
  expect(folded.length).toBeGreaterThan(100);
  expect(folded.some((c) => c.sellers === 2)).toBe(true);
  // The database as it was before 021: no sellers column.
  await db.schema.alterTable('market_price_cells').dropColumn('sellers').execute();
  await db.updateTable('market_price_rows_stamp').set({ stamp: 'drawn-before-021' }).execute();
  await marketCellSellersMigration().up(db);
  expect(await cells()).toEqual(folded);
  expect((await db.selectFrom('market_price_rows_stamp').select('stamp').executeTakeFirstOrThrow()).stamp).toBe('');
});
