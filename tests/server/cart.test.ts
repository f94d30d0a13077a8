import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../src/shared/schemas/cart';
import { startTestServer, type TestServer } from '../support/server';
import { productOf, setProduct, tokenFor } from './cart-fixtures';

let server: TestServer;
let buyer: { token: string; id: number };
let other: { token: string; id: number };

beforeAll(async () => {
  server = await startTestServer();
  buyer = await tokenFor(server, 'reviewer1@akuafo.demo');
  other = await tokenFor(server, 'reviewer2@akuafo.demo');
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.deps.db.deleteFrom('cart_items').execute();
});

async function cartOf(token: string): Promise<Cart> {
  const res = await server.call('/shop/cart', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Cart }).data;
}
const setItem = (token: string, productId: number, quantity: number) =>
  server.call('/shop/cart', { method: 'POST', token, json: { productId, quantity } });

describe('GET /shop/cart', () => {
  it('needs a signed-in user', async () => {
    const res = await server.call('/shop/cart');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('starts empty with a zero summary', async () => {
    expect(await cartOf(buyer.token)).toEqual({ items: [], summary: { itemCount: 0, subtotal: 0, tax: 0, shipping: 0, total: 0 } });
  });
});

describe('POST /shop/cart sets a quantity', () => {
  it('sets, never adds: the same intent twice leaves the same cart', async () => {
    const yam = await productOf(server, 'Tubers');
    expect((await setItem(buyer.token, yam.id, 3)).status).toBe(200);
    const res = await setItem(buyer.token, yam.id, 3);
    const { data } = (await res.json()) as { data: Cart };
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({ productId: yam.id, name: yam.name, quantity: 3, price: yam.price_minor / 100, subtotal: (yam.price_minor * 3) / 100, stockQuantity: yam.stock_quantity, isActive: true });
    expect(data.items[0].imageUrl).toMatch(/^\/media\/.+\/320\.webp$/);
    expect(await cartOf(buyer.token)).toEqual(data);
  });

  it('taxes tools at 20 % and exempt produce at 0 %, shipping 0', async () => {
    const tool = await productOf(server, 'Tools');
    const maize = await productOf(server, 'Grains');
    await setItem(buyer.token, tool.id, 2);
    await setItem(buyer.token, maize.id, 3);
    const { summary } = await cartOf(buyer.token);
    const subtotalMinor = tool.price_minor * 2 + maize.price_minor * 3;
    const taxMinor = Math.round((tool.price_minor * 2 * 2000) / 10_000);
    expect(summary).toEqual({ itemCount: 5, subtotal: subtotalMinor / 100, tax: taxMinor / 100, shipping: 0, total: (subtotalMinor + taxMinor) / 100 });
  });

  it('always shows the current price', async () => {
    const maize = await productOf(server, 'Grains');
    await setItem(buyer.token, maize.id, 2);
    await setProduct(server, maize.id, { price_minor: maize.price_minor + 150 });
    const { items, summary } = await cartOf(buyer.token);
    expect(items[0].price).toBe((maize.price_minor + 150) / 100);
    expect(summary.subtotal).toBe(((maize.price_minor + 150) * 2) / 100);
    await setProduct(server, maize.id, { price_minor: maize.price_minor });
  });

  it('refuses more than the stock, an inactive product and an empty shelf with clear words', async () => {
    const p = await productOf(server, 'Vegetables');
    const over = await setItem(buyer.token, p.id, p.stock_quantity + 1);
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ message: `Only ${p.stock_quantity} left in stock`, code: 'conflict' });

    await setProduct(server, p.id, { stock_quantity: 0 });
    expect(await (await setItem(buyer.token, p.id, 1)).json()).toMatchObject({ message: 'This product is out of stock' });

    await setProduct(server, p.id, { stock_quantity: p.stock_quantity, is_active: 0 });
    const gone = await setItem(buyer.token, p.id, 1);
    expect(gone.status).toBe(409);
    expect(await gone.json()).toMatchObject({ message: 'This product is no longer available' });
    await setProduct(server, p.id, { is_active: 1 });
    expect(await cartOf(buyer.token)).toMatchObject({ items: [] });
  });

  it('lets a shopper lower or remove a line the shelf can no longer fill', async () => {
    const p = await productOf(server, 'Fruits', 6);
    await setItem(buyer.token, p.id, 5);
    await setProduct(server, p.id, { stock_quantity: 2 });
    expect((await setItem(buyer.token, p.id, 4)).status).toBe(200);
    expect((await setItem(buyer.token, p.id, 5)).status).toBe(409);
    await setProduct(server, p.id, { is_active: 0 });
    const { items } = await cartOf(buyer.token);
    expect(items[0]).toMatchObject({ quantity: 4, isActive: false, stockQuantity: 2 });
    expect((await setItem(buyer.token, p.id, 0)).status).toBe(200);
    expect((await cartOf(buyer.token)).items).toEqual([]);
    await setProduct(server, p.id, { is_active: 1, stock_quantity: p.stock_quantity });
  });

  it('removes with quantity 0, also when the product was never there', async () => {
    const p = await productOf(server, 'Seeds');
    await setItem(buyer.token, p.id, 2);
    expect((await setItem(buyer.token, p.id, 0)).status).toBe(200);
    expect((await setItem(buyer.token, p.id, 0)).status).toBe(200);
    expect((await cartOf(buyer.token)).items).toEqual([]);
  });

  it('answers bad input with 400 and the field, and unknown products with 404', async () => {
    const cases: [unknown, string][] = [
      [{ productId: 1, quantity: -1 }, 'quantity'],
      [{ productId: 1, quantity: 2.5 }, 'quantity'],
      [{ productId: 1, quantity: '2' }, 'quantity'],
      [{ productId: 1, quantity: 100_000 }, 'quantity'],
      [{ quantity: 1 }, 'productId'],
      [{ productId: 0, quantity: 1 }, 'productId'],
    ];
    for (const [json, field] of cases) {
      const res = await server.call('/shop/cart', { method: 'POST', token: buyer.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty(field);
    }
    const notJson = await server.call('/shop/cart', { method: 'POST', token: buyer.token, body: 'nope', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const missing = await setItem(buyer.token, 999_999, 1);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Product Not Found' });
  });
});

describe('items by id', () => {
  it('PATCH changes the quantity of my own item, checks stock, refuses below 1', async () => {
    const p = await productOf(server, 'Herbs');
    const { data } = (await (await setItem(buyer.token, p.id, 1)).json()) as { data: Cart };
    const id = data.items[0].id;
    const ok = await server.call(`/shop/cart/items/${id}`, { method: 'PATCH', token: buyer.token, json: { quantity: 2 } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: Cart }).data.items[0].quantity).toBe(2);
    const zero = await server.call(`/shop/cart/items/${id}`, { method: 'PATCH', token: buyer.token, json: { quantity: 0 } });
    expect(zero.status).toBe(400);
    const over = await server.call(`/shop/cart/items/${id}`, { method: 'PATCH', token: buyer.token, json: { quantity: p.stock_quantity + 1 } });
    expect(over.status).toBe(409);
  });

  it("treats someone else's item as not found", async () => {
    const p = await productOf(server, 'Poultry', 1);
    const { data } = (await (await setItem(buyer.token, p.id, 1)).json()) as { data: Cart };
    const id = data.items[0].id;
    for (const init of [{ method: 'PATCH', json: { quantity: 1 } }, { method: 'DELETE' }]) {
      const res = await server.call(`/shop/cart/items/${id}`, { ...init, token: other.token });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Cart item not found' });
    }
    expect((await server.call('/shop/cart/items/abc', { method: 'DELETE', token: buyer.token })).status).toBe(404);
    expect((await cartOf(buyer.token)).items).toHaveLength(1);
    expect((await cartOf(other.token)).items).toHaveLength(0);
  });

  it('DELETE removes one item; DELETE /shop/cart empties only my cart', async () => {
    const a = await productOf(server, 'Grains');
    const b = await productOf(server, 'Tubers');
    await setItem(buyer.token, a.id, 1);
    const { data } = (await (await setItem(buyer.token, b.id, 1)).json()) as { data: Cart };
    await setItem(other.token, a.id, 1);
    const removed = await server.call(`/shop/cart/items/${data.items[0].id}`, { method: 'DELETE', token: buyer.token });
    expect(((await removed.json()) as { data: Cart }).data.items.map((i) => i.productId)).toEqual([b.id]);
    const cleared = await server.call('/shop/cart', { method: 'DELETE', token: buyer.token });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { data: Cart }).data.items).toEqual([]);
    expect((await cartOf(other.token)).items).toHaveLength(1);
  });

  it("works for a seller too (any signed-in user has a cart of their own), with other sellers' goods", async () => {
    const seller = await tokenFor(server, 'seller@akuafo.demo');
    const p = await server.deps.db.selectFrom('products').select('id').where('category', '=', 'Grains').where('is_active', '=', 1).where('stock_quantity', '>=', 5).where('seller_id', '!=', seller.id).orderBy('id').executeTakeFirstOrThrow();
    expect((await setItem(seller.token, p.id, 1)).status).toBe(200);
    expect((await cartOf(seller.token)).items).toHaveLength(1);
  });
});
