import { describe, expect, it } from 'vitest';
import type { CatalogueDelta } from '../../src/shared/schemas/catalogue';
import { currentCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { releaseExpiredReservations } from '../../src/server/modules/orders/reservations';
import { freshWallet, makeProduct, makeUser, putInCart, shopServer, stockOf } from '../support/shop';
import { choiceFor, dial, freshCaller } from '../support/ussd';

/**
 * The last units of a product, attacked by web checkouts and USSD confirms at once: checkout
 * takes the stock last in its transaction (on PostgreSQL the catalogue counter and the stock
 * in one WITH statement). Never oversold, the losers told how many are left, nothing of a
 * refused order left behind, and every stock change seen by the phones' delta sync.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;

async function webBuyer(productId: number) {
  const user = await makeUser(shop.server);
  await putInCart(shop.server, user.id, productId, 1);
  return user;
}

const checkout = (token: string) =>
  shop.server.call('/shop/checkout', { method: 'POST', token, json: { pickupLocationId: shop.warehouseId, paymentMethod: 'MOBILE_MONEY', mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });

/** A USSD caller walked to the confirm screen for one of the product. */
async function ussdBuyer(name: string) {
  const call = dial(shop.server, freshCaller());
  await call.press();
  let screen = await call.press('1');
  if (screen.text.includes('region')) {
    while (!screen.text.includes('Ashanti')) screen = await call.press('98');
    screen = await call.press(choiceFor(screen, 'Ashanti'));
  }
  screen = await call.press(choiceFor(screen, 'Tubers'));
  screen = await call.press(choiceFor(screen, name.slice(0, 15)));
  expect(screen.text).toContain('each');
  screen = await call.press('1');
  expect(screen.text).toContain('Pick up at:');
  screen = await call.press('1');
  expect(screen.text).toMatch(/Total GHS \d+\.\d\d/);
  return call;
}

async function delta(since: number): Promise<CatalogueDelta> {
  const res = await shop.server.call(`/sync/catalogue?since=${since}&limit=500`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: CatalogueDelta }).data;
}

const productVersion = async (id: number) => (await db().selectFrom('products').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

const liveOrdersOf = (productId: number) =>
  db()
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.id', 'orders.user_id', 'orders.status', 'orders.payment_status'])
    .where('order_items.product_id', '=', productId)
    .execute();

describe('the last 5 units, 60 buyers at once (web and USSD)', () => {
  it('sells exactly 5, tells the rest how many are left, leaves nothing of a refused order, and moves the catalogue version', async () => {
    const productId = await makeProduct(shop.server, 5, 1_250);
    const { name } = await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow();
    const web = await Promise.all(Array.from({ length: 40 }, () => webBuyer(productId)));
    const calls = [];
    for (let i = 0; i < 20; i++) calls.push(await ussdBuyer(name));
    const versionBefore = await currentCatalogueVersion(db());
    const mirrorBefore = await delta(versionBefore);
    expect(mirrorBefore.products.some((p) => p.id === productId)).toBe(false);

    const [webAnswers, ussdAnswers] = await Promise.all([
      Promise.all(web.map(async (b) => { const res = await checkout(b.token); return { status: res.status, body: (await res.json()) as any }; })),
      Promise.all(calls.map((c) => c.press('1'))),
    ]);

    const webWon = webAnswers.filter((a) => a.status === 201);
    const ussdWon = ussdAnswers.filter((s) => s.text.includes('SANDBOX'));
    expect(webWon.length + ussdWon.length).toBe(5);
    for (const lost of webAnswers.filter((a) => a.status !== 201)) {
      expect(lost.status).toBe(409);
      expect(lost.body.message).toMatch(new RegExp(`^(Only [1-4] of ${name} left in stock|${name} is out of stock)\\. Please update your cart\\.$`));
    }
    for (const lost of ussdAnswers.filter((s) => !s.text.includes('SANDBOX'))) {
      expect(lost.status).toBe(200);
      expect(lost.text).toMatch(/Sorry, (only [1-4] left\.|that is sold out or no longer on sale\.)/);
    }
    expect(await stockOf(shop.server, productId)).toBe(0);

    // Only the winners' orders exist: a refused order left no order, payment, ledger or message row.
    const orders = await liveOrdersOf(productId);
    expect(orders).toHaveLength(5);
    expect(orders.every((o) => o.status === 'PENDING' && o.payment_status === 'PENDING')).toBe(true);
    const loserIds = web.map((b) => b.id).filter((id) => !orders.some((o) => o.user_id === id));
    expect(loserIds).toHaveLength(40 - webWon.length);
    expect(await db().selectFrom('orders').select('id').where('user_id', 'in', loserIds).execute()).toEqual([]);
    expect(await db().selectFrom('messages').select('id').where('user_id', 'in', loserIds).execute()).toEqual([]);
    const orderIds = orders.map((o) => o.id);
    expect(await db().selectFrom('payments').select('id').where('order_id', 'in', orderIds).execute()).toHaveLength(5);
    expect(await db().selectFrom('ledger_entries').select('id').where('order_id', 'in', orderIds).execute()).toEqual([]);
    const ussdOrders = await db().selectFrom('audit_log').select('target_id').where('action', '=', 'ussd.order').where('target_id', 'in', orderIds).execute();
    expect(ussdOrders).toHaveLength(ussdWon.length);

    // Five stock changes, five versions; the phone's delta sees the product at 0.
    const versionAfter = await currentCatalogueVersion(db());
    expect(versionAfter - versionBefore).toBeGreaterThanOrEqual(5);
    expect(await productVersion(productId)).toBeGreaterThan(versionBefore);
    const mirror = await delta(versionBefore);
    expect(mirror.products.find((p) => p.id === productId)?.stockQuantity).toBe(0);

    // The reservations lapse: the stock comes back once, with a newer version the mirror sees.
    const lapsed = await currentCatalogueVersion(db());
    await db().updateTable('orders').set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', 'in', orderIds).execute();
    const sweeps = await Promise.all(Array.from({ length: 6 }, () => releaseExpiredReservations(db())));
    expect(sweeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5);
    expect(await stockOf(shop.server, productId)).toBe(5);
    expect((await liveOrdersOf(productId)).every((o) => o.status === 'CANCELLED')).toBe(true);
    const restored = await delta(lapsed);
    expect(restored.products.find((p) => p.id === productId)?.stockQuantity).toBe(5);
  });

  it('late payments for lapsed orders and new buyers race for the returned stock: never oversold, the late ones owed back', async () => {
    const productId = await makeProduct(shop.server, 3, 1_250);
    const early = await Promise.all(Array.from({ length: 3 }, () => webBuyer(productId)));
    const started: { token: string; data: { orderId: number; reference: string } }[] = [];
    for (const b of early) {
      const res = await checkout(b.token);
      expect(res.status).toBe(201);
      started.push({ token: b.token, data: ((await res.json()) as any).data });
    }
    await db().updateTable('orders').set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', 'in', started.map((s) => s.data.orderId)).execute();
    expect(await releaseExpiredReservations(db())).toBe(3);
    expect(await stockOf(shop.server, productId)).toBe(3);

    const late = await Promise.all(Array.from({ length: 30 }, () => webBuyer(productId)));
    const versionBefore = await currentCatalogueVersion(db());
    const [approvals, fresh] = await Promise.all([
      Promise.all(started.map((s) => shop.server.call(`/payments/sandbox/${s.data.reference}/approve`, { method: 'POST', token: s.token }))),
      Promise.all(late.map((b) => checkout(b.token))),
    ]);
    for (const a of approvals) expect(a.status).toBe(200);
    expect(fresh.every((r) => r.status === 201 || r.status === 409)).toBe(true);

    const stock = await stockOf(shop.server, productId);
    expect(stock).toBeGreaterThanOrEqual(0);
    const orders = await liveOrdersOf(productId);
    const holding = orders.filter((o) => o.status === 'PENDING' || o.status === 'PROCESSING');
    expect(holding.length + stock).toBe(3);
    expect(fresh.filter((r) => r.status === 201).length).toBe(holding.filter((o) => o.status === 'PENDING').length);
    // A late payment that found the stock gone is owed back, not an order without goods.
    const lateOrders = orders.filter((o) => started.some((s) => s.data.orderId === o.id));
    for (const o of lateOrders) expect(o.status === 'PROCESSING' ? o.payment_status === 'PAID' : o.payment_status === 'REFUND_DUE').toBe(true);
    if (stock < 3) {
      const mirror = await delta(versionBefore);
      expect(mirror.products.find((p) => p.id === productId)?.stockQuantity).toBe(stock);
    }
  });

  it('buyers cancelling while others check out the same product at once: no deadlock or 500, every unit accounted for, the mirror sees the end', async () => {
    const productId = await makeProduct(shop.server, 20, 1_250);
    const holders = await Promise.all(Array.from({ length: 10 }, () => webBuyer(productId)));
    const held: { token: string; orderId: number }[] = [];
    for (const b of holders) {
      const res = await checkout(b.token);
      expect(res.status).toBe(201);
      held.push({ token: b.token, orderId: ((await res.json()) as any).data.orderId });
    }
    const newcomers = await Promise.all(Array.from({ length: 30 }, () => webBuyer(productId)));
    const versionBefore = await currentCatalogueVersion(db());
    const cancel = (h: { token: string; orderId: number }) => shop.server.call(`/shop/customers/me/orders/${h.orderId}/cancel`, { method: 'POST', token: h.token, json: { reason: 'Changed my mind' } });
    const [cancels, fresh] = await Promise.all([Promise.all(held.flatMap((h) => [cancel(h), cancel(h)])), Promise.all(newcomers.map((b) => checkout(b.token)))]);
    for (const res of cancels) expect(res.status).toBe(200);
    for (const res of fresh) expect([201, 409]).toContain(res.status);
    const stock = await stockOf(shop.server, productId);
    const live = (await liveOrdersOf(productId)).filter((o) => o.status !== 'CANCELLED');
    expect(live.length + stock).toBe(20);
    expect(live.length).toBe(fresh.filter((r) => r.status === 201).length);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect((await delta(versionBefore)).products.find((p) => p.id === productId)?.stockQuantity).toBe(stock);
  });

  it('words the refusal in Twi with a hostile product name intact: ICU braces, quotes, HTML, 5 KB', async () => {
    for (const hostile of ["Yam {x} it's '{'", '{n, plural, one {#} other {boom}}', '<script>alert(1)</script>', `${'Puna '.repeat(1000)}{`]) {
      const productId = await makeProduct(shop.server, 1, 1_250);
      await db().updateTable('products').set({ name: hostile }).where('id', '=', productId).execute();
      const buyer = await makeUser(shop.server);
      await putInCart(shop.server, buyer.id, productId, 2);
      const twi = await shop.server.call('/shop/checkout', {
        method: 'POST', token: buyer.token, headers: { cookie: 'akuafo-lang=ak' },
        json: { pickupLocationId: shop.warehouseId, paymentMethod: 'MOBILE_MONEY', mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() },
      });
      expect(twi.status).toBe(409);
      const { message } = (await twi.json()) as { message: string };
      expect(message).toContain(hostile);
      expect(message).not.toBe(`Only 1 of ${hostile} left in stock. Please update your cart.`);
      expect(await stockOf(shop.server, productId)).toBe(1);
    }
  });
});
