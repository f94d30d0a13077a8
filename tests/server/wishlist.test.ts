import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/schemas/catalogue';
import { startTestServer, type TestServer } from '../support/server';
import { productOf, setProduct, tokenFor } from './cart-fixtures';

let server: TestServer;
let buyer: { token: string; id: number };
let other: { token: string; id: number };

beforeAll(async () => {
  server = await startTestServer();
  buyer = await tokenFor(server, 'reviewer3@akuafo.demo');
  other = await tokenFor(server, 'reviewer4@akuafo.demo');
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.deps.db.deleteFrom('wishlist_items').execute();
});

const PATH = '/shop/customers/me/wishlist';
async function savedIds(token: string): Promise<number[]> {
  const res = await server.call(PATH, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Product[] }).data.map((p) => p.id);
}
const save = (token: string, id: number | string, headers?: Record<string, string>) => server.call(`${PATH}/${id}`, { method: 'PUT', token, headers });
const remove = (token: string, id: number | string) => server.call(`${PATH}/${id}`, { method: 'DELETE', token });

describe('wishlist', () => {
  it('needs a signed-in user for every call', async () => {
    const yam = await productOf(server, 'Tubers');
    for (const res of [await server.call(PATH), await server.call(`${PATH}/${yam.id}`, { method: 'PUT' }), await server.call(`${PATH}/${yam.id}`, { method: 'DELETE' })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('starts empty', async () => {
    expect(await savedIds(buyer.token)).toEqual([]);
  });

  it('saves idempotently and answers with full products, newest first', async () => {
    const yam = await productOf(server, 'Tubers');
    const maize = await productOf(server, 'Grains');
    expect((await save(buyer.token, yam.id)).status).toBe(200);
    expect((await save(buyer.token, yam.id)).status).toBe(200);
    const res = await save(buyer.token, maize.id);
    const { data } = (await res.json()) as { data: Product[] };
    expect(data.map((p) => p.id)).toEqual([maize.id, yam.id]);
    expect(data[1]).toMatchObject({ id: yam.id, name: yam.name, price: yam.price_minor / 100, isActive: true });
    expect(await savedIds(buyer.token)).toEqual([maize.id, yam.id]);
    const rows = await server.deps.db.selectFrom('wishlist_items').selectAll().where('user_id', '=', buyer.id).execute();
    expect(rows).toHaveLength(2);
  });

  it('removes idempotently', async () => {
    const yam = await productOf(server, 'Tubers');
    await save(buyer.token, yam.id);
    expect((await remove(buyer.token, yam.id)).status).toBe(200);
    const again = await remove(buyer.token, yam.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ data: [] });
    expect(await savedIds(buyer.token)).toEqual([]);
  });

  it('answers 404 for an unknown, malformed or delisted product', async () => {
    for (const id of [999_999, 'abc', -1]) {
      const res = await save(buyer.token, id);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Product Not Found' });
    }
    const hidden = await productOf(server, 'Vegetables', 0);
    await setProduct(server, hidden.id, { is_active: 0 });
    try {
      expect((await save(buyer.token, hidden.id)).status).toBe(404);
    } finally {
      await setProduct(server, hidden.id, { is_active: 1 });
    }
    expect(await savedIds(buyer.token)).toEqual([]);
  });

  it('keeps each user to their own list', async () => {
    const yam = await productOf(server, 'Tubers');
    const maize = await productOf(server, 'Grains');
    await save(buyer.token, yam.id);
    await save(other.token, maize.id);
    expect(await savedIds(buyer.token)).toEqual([yam.id]);
    expect(await savedIds(other.token)).toEqual([maize.id]);
    // Removing from one list never touches the other.
    await remove(other.token, yam.id);
    expect(await savedIds(buyer.token)).toEqual([yam.id]);
  });

  it('works inside an idempotent request (Idempotency-Key replays the answer)', async () => {
    const yam = await productOf(server, 'Tubers');
    const key = crypto.randomUUID();
    const first = await save(buyer.token, yam.id, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const replay = await save(buyer.token, yam.id, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
    expect(await savedIds(buyer.token)).toEqual([yam.id]);
  });
});
