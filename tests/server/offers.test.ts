import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migration as offersMigration } from '../../src/server/platform/db/migrations/010_offers';
import { createOffersShelfIndex } from '../../src/server/platform/db/migrations/027_shelves';
import { formatCedis } from '../../src/shared/money';
import type { Cart } from '../../src/shared/schemas/cart';
import type { Product } from '../../src/shared/schemas/catalogue';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { startTestServer, type TestServer } from '../support/server';
import { firstWarehouseId, makeProduct, makeUser } from '../support/shop';

/** Issue 22.2: an offer shows what it is off, both figures agree, and the price charged is the price shown. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const read = async <T>(path: string, token?: string) => ((await (await server.call(path, { token })).json()) as { data: T }).data;
/** The percentage a card shows must be what the two prices say, to the nearest whole percent. */
const agree = (p: Pick<Product, 'price' | 'oldPrice' | 'discountPercentage'>) =>
  p.oldPrice !== null && p.discountPercentage !== null && Math.abs(((p.oldPrice - p.price) * 100) / p.oldPrice - p.discountPercentage) <= 0.5;

describe('offers on the two home sections', () => {
  it('shows the price before beside every percentage, agreeing, and keeps the two sections apart', async () => {
    const discounted = await read<Product[]>('/products/discounted');
    const specials = await read<Product[]>('/products/weekly-specials');
    expect(discounted.length).toBeGreaterThan(0);
    expect(specials.length).toBeGreaterThan(0);
    expect(discounted.every(agree)).toBe(true);
    expect(specials.every(agree)).toBe(true);
    expect(specials.every((p) => p.weeklySpecial)).toBe(true);
    expect(discounted.some((p) => p.weeklySpecial)).toBe(false);
    const tomatoes = discounted.find((p) => p.name === 'Fresh Tomatoes (crate)')!;
    expect(tomatoes).toMatchObject({ price: 1200, discountPercentage: 15, oldPrice: 1410 });
    expect((await read<Product>(`/products/${tomatoes.id}`)).oldPrice).toBe(1410);
  });

  it("the demo's prices before are round figures a seller would have asked (whole cedis or .50), never worked out from a percentage", async () => {
    const offers = await server.deps.db.selectFrom('products').select(['name', 'price_minor', 'old_price_minor']).where('old_price_minor', 'is not', null).execute();
    expect(offers.length).toBeGreaterThanOrEqual(18);
    const odd = offers.filter((p) => p.old_price_minor! % 50 !== 0 || p.old_price_minor! <= p.price_minor).map((p) => `${p.name}: ${formatCedis(p.old_price_minor! / 100)}`);
    expect(odd).toEqual([]);
  });

  it('charges the price the card shows: cart, checkout and order total', async () => {
    const buyer = await makeUser(server);
    const card = (await read<Product[]>('/products/discounted')).find((p) => p.name === 'Fresh Tomatoes (crate)')!;
    await server.call('/shop/cart', { method: 'POST', token: buyer.token, json: { productId: card.id, quantity: 2 } });
    const cart = await read<Cart>('/shop/cart', buyer.token);
    expect(cart.items[0]).toMatchObject({ price: card.price, oldPrice: card.oldPrice, discountPercentage: card.discountPercentage });
    expect(cart.summary.total).toBe(card.price * 2);
    const res = await server.call('/shop/checkout', {
      method: 'POST',
      token: buyer.token,
      json: { pickupLocationId: await firstWarehouseId(server), mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' },
    });
    const started = ((await res.json()) as { data: CheckoutStarted }).data;
    expect(started.amount).toBe(card.price * 2);
    const order = await read<OrderDetail>(`/shop/customers/me/orders/${started.orderId}`, buyer.token);
    expect(order.items[0]!.unitPrice).toBe(card.price);
    expect(formatCedis(order.totalAmount)).toBe(formatCedis(card.price * 2));
  });
});

describe('010_offers on existing rows', () => {
  it('derives the missing figure, corrects a disagreeing one, remembers weekly specials and takes new catalogue versions', async () => {
    const db = server.deps.db;
    const onlyPercent = await makeProduct(server, 5, 120_000);
    const onlyOld = await makeProduct(server, 5, 45_000);
    const disagree = await makeProduct(server, 5, 80_000);
    await db.updateTable('products').set({ discount_percentage: 15 }).where('id', '=', onlyPercent).execute();
    await db.updateTable('products').set({ old_price_minor: 49_000 }).where('id', '=', onlyOld).execute();
    await db.updateTable('products').set({ discount_percentage: 50, old_price_minor: 100_000 }).where('id', '=', disagree).execute();
    const before = await db.selectFrom('products').select(['id', 'version']).where('id', 'in', [onlyPercent, onlyOld, disagree]).execute();
    // Run the migration again over these rows, as it ran over a database from before it (which
    // had neither the column nor 027's index over it).
    await sql`drop index products_shelf_offers`.execute(db);
    await sql`alter table products drop column is_weekly_special`.execute(db);
    await offersMigration().up(db);
    await createOffersShelfIndex(db);

    const rows = await db.selectFrom('products').selectAll().where('id', 'in', [onlyPercent, onlyOld, disagree]).orderBy('id').execute();
    expect(rows.map((r) => [r.discount_percentage, r.old_price_minor, r.is_weekly_special])).toEqual([
      [15, 141_176, 0],
      [8, 49_000, 1],
      [20, 100_000, 0],
    ]);
    for (const row of rows) expect(row.version).toBeGreaterThan(before.find((b) => b.id === row.id)!.version);
  });
});
