import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueDelta } from '../../src/shared/schemas/catalogue';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function delta(since: number, limit = 500): Promise<{ res: Response; data: CatalogueDelta }> {
  const res = await server.call(`/sync/catalogue?since=${since}&limit=${limit}`);
  return { res, data: ((await res.json()) as { data: CatalogueDelta }).data };
}

describe('GET /sync/catalogue', () => {
  it('sends the whole catalogue in version order, page by page', async () => {
    const first = await delta(0, 50);
    expect(first.data.products).toHaveLength(50);
    expect(first.data.hasMore).toBe(true);
    const versions = first.data.products.map((p) => p.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const rest = await delta(first.data.cursor, 500);
    expect(rest.data.hasMore).toBe(false);
    const all = [...first.data.products, ...rest.data.products];
    const total = ((await (await server.call('/products?limit=1')).json()) as any).pagination.totalCount;
    expect(new Set(all.map((p) => p.id)).size).toBe(total);
  });

  it('answers 304 when the client already has the newest version', async () => {
    const { res, data } = await delta(0);
    const again = await server.call(`/sync/catalogue?since=${data.cursor}&limit=500`);
    const etag = again.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const notModified = await server.call(`/sync/catalogue?since=${data.cursor}&limit=500`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(res.status).toBe(200);
  });

  it('sends only what changed after the cursor, and deletions as ids', async () => {
    const { data: start } = await delta(0);
    const db = server.deps.db;
    const [a, b] = start.products;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ price_minor: 12345, version: await nextCatalogueVersion(trx) }).where('id', '=', a.id).execute();
      const version = await nextCatalogueVersion(trx);
      await trx.insertInto('deleted_products').values({ product_id: b.id, version, deleted_at: new Date().toISOString() }).execute();
      await trx.deleteFrom('product_images').where('product_id', '=', b.id).execute();
      await trx.deleteFrom('reviews').where('product_id', '=', b.id).execute();
      await trx.deleteFrom('products').where('id', '=', b.id).execute();
    });
    const { data: next } = await delta(start.cursor);
    expect(next.products.map((p) => p.id)).toEqual([a.id]);
    expect(next.products[0].price).toBe(123.45);
    expect(next.deletedIds).toEqual([b.id]);
    expect(next.cursor).toBeGreaterThan(start.cursor);
    const { data: after } = await delta(next.cursor);
    expect(after.products).toEqual([]);
    expect(after.deletedIds).toEqual([]);
    await sql`select 1`.execute(db);
  });

  it('rejects a bad cursor with 400', async () => {
    for (const q of ['since=-1', 'since=abc', 'limit=0', 'limit=5000']) {
      expect((await server.call(`/sync/catalogue?${q}`)).status).toBe(400);
    }
  });
});
