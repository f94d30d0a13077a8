import { describe, expect, it } from 'vitest';
import { releaseExpiredReservations } from '../../src/server/modules/orders/reservations';
import { currentCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { readMailSpool } from '../support/server';
import { freshWallet, makeProduct, makeUser, putInCart, stockOf, shopServer } from '../support/shop';

const shop = shopServer();

const momo = { paymentMethod: 'MOBILE_MONEY', mobileMoneyNetwork: 'MTN' };

/** Each checkout pays from a wallet of its own (prompts are limited per wallet number). */
async function checkout(token: string, body: Record<string, unknown> = {}) {
  const json = { pickupLocationId: shop.warehouseId, ...momo, mobileMoneyNumber: freshWallet(), notes: 'Blue gate', ...body };
  const res = await shop.server.call('/shop/checkout', { method: 'POST', token, json });
  return { status: res.status, body: (await res.json()) as any };
}

async function confirm(token: string, started: CheckoutStarted, amount = started.amount) {
  const res = await shop.server.call(`/shop/checkout/${started.checkoutId}/payment`, {
    method: 'POST',
    token,
    json: { transactionId: started.reference, amount, paymentMethod: 'MOBILE_MONEY', paymentDetails: { phoneNumber: '0241234567', network: 'MTN', reference: started.reference } },
  });
  return { status: res.status, body: (await res.json()) as any };
}

const answer = (token: string, reference: string, what: 'approve' | 'decline') =>
  shop.server.call(`/payments/sandbox/${reference}/${what}`, { method: 'POST', token });

/** A customer with `quantity` of a fresh product (stock `stock`) in the server cart. */
async function shopper(stock = 10, quantity = 2) {
  const user = await makeUser(shop.server);
  const productId = await makeProduct(shop.server, stock);
  await putInCart(shop.server, user.id, productId, quantity);
  return { ...user, productId };
}

describe('POST /shop/checkout validation', () => {
  it('answers the spec messages for a missing warehouse and number, a bad number and a network mismatch', async () => {
    const { token } = await shopper();
    const noWarehouse = await checkout(token, { pickupLocationId: undefined });
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.body.fieldErrors.pickupLocationId).toBe('Please select a shipping address');

    const noNumber = await checkout(token, { mobileMoneyNumber: '' });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.fieldErrors.mobileMoneyNumber).toBe('Please enter your mobile money number');

    const badNumber = await checkout(token, { mobileMoneyNumber: '12345' });
    expect(badNumber.body.fieldErrors.mobileMoneyNumber).toMatch(/valid Ghana mobile number/);

    const mismatch = await checkout(token, { mobileMoneyNumber: '0201234567' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('This number is on Telecel, not MTN. Choose Telecel Cash or enter a number on MTN.');

    const card = await checkout(token, { paymentMethod: 'CARD' });
    expect(card.body.fieldErrors.paymentMethod).toMatch(/coming soon/i);

    const unknownWarehouse = await checkout(token, { pickupLocationId: 999_999 });
    expect(unknownWarehouse.status).toBe(400);
    expect(unknownWarehouse.body.message).toBe('Please select a shipping address');
    // Beyond PostgreSQL's integer: the same answer, not the database's error.
    const pastRowIds = await checkout(token, { pickupLocationId: 999_999_999_999 });
    expect(pastRowIds.status).toBe(400);
    expect(pastRowIds.body.fieldErrors.pickupLocationId).toBe('Please select a shipping address');
  });

  it('refuses an empty cart and needs a signed-in user', async () => {
    const { token } = await makeUser(shop.server);
    const empty = await checkout(token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Cannot process payment with empty cart');
    const anonymous = await shop.server.call('/shop/checkout', { method: 'POST', json: { pickupLocationId: shop.warehouseId, ...momo } });
    expect(anonymous.status).toBe(401);
  });
});

describe('sandbox checkout', () => {
  it('reserves stock, re-prices from products, and pays once the simulated prompt is approved', async () => {
    const user = await shopper(10, 3);
    // A stale price in the cart would not matter: the server prices from products.
    await shop.server.deps.db.updateTable('products').set({ price_minor: 20_000 }).where('id', '=', user.productId).execute();
    const started = await checkout(user.token, { mobileMoneyNumber: '024 123 4567' });
    expect(started.status).toBe(201);
    const data: CheckoutStarted = started.body.data;
    expect(data).toMatchObject({ provider: 'sandbox', amount: 600, currency: 'GHS', payment: { simulated: true, status: 'PENDING', network: 'MTN', phoneNumber: '0241234567' } });
    expect(data.orderNumber).toMatch(/^ORD-\d{4}-\d{6}$/);
    expect(data.payment.displayText).toBe('Simulated mobile money prompt (sandbox — no real money)');
    expect(await stockOf(shop.server, user.productId)).toBe(7);

    const waiting = await confirm(user.token, data);
    expect(waiting.status).toBe(202);
    expect(waiting.body.data.status).toBe('PENDING');

    const approved = await answer(user.token, data.reference, 'approve');
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as any).data.status).toBe('PAID');

    const paid = await confirm(user.token, data);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID', orderStatus: 'PROCESSING', paymentStatus: 'PAID', orderNumber: data.orderNumber });

    const cart = await shop.server.deps.db.selectFrom('cart_items').select('id').where('user_id', '=', user.id).execute();
    expect(cart).toEqual([]);
    const history = await shop.server.deps.db.selectFrom('order_status_history').select('status').where('order_id', '=', data.orderId).orderBy('id').execute();
    expect(history.map((h) => h.status)).toEqual(['ORDER_PLACED', 'PAYMENT_CONFIRMED']);
    const mails = readMailSpool(shop.server).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Order ${data.orderNumber} confirmed`);
    expect(mails[0].body).toContain('600.00');
    expect(mails[0].body).toContain(`/orders/${data.orderId}`);
  });

  it('applies an approval, a repeat approval and two confirms exactly once', async () => {
    const user = await shopper(10, 1);
    const data: CheckoutStarted = (await checkout(user.token)).body.data;
    const results = await Promise.all([
      answer(user.token, data.reference, 'approve'),
      answer(user.token, data.reference, 'approve'),
      confirm(user.token, data),
      confirm(user.token, data),
    ]);
    // Approvals answer 200; a confirm that runs before the approval commits may still see the
    // payment pending (202). What matters: it is applied exactly once.
    expect(results.slice(0, 2).map((r) => r.status)).toEqual([200, 200]);
    for (const r of results.slice(2)) expect([200, 202]).toContain(r.status);
    const confirmations = await shop.server.deps.db.selectFrom('order_status_history').select('id').where('order_id', '=', data.orderId).where('status', '=', 'PAYMENT_CONFIRMED').execute();
    expect(confirmations).toHaveLength(1);
    expect(readMailSpool(shop.server).filter((m) => m.to === user.email)).toHaveLength(1);
    expect(await stockOf(shop.server, user.productId)).toBe(9);
  });

  it('leaves a declined order unpaid and held for paying again, keeps the cart, and lets the stock go when the hold lapses', async () => {
    const user = await shopper(4, 2);
    const data: CheckoutStarted = (await checkout(user.token)).body.data;
    expect(await stockOf(shop.server, user.productId)).toBe(2);
    expect((await answer(user.token, data.reference, 'decline')).status).toBe(200);
    const declined = await confirm(user.token, data);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Payment was declined. Your order was not paid and your cart is kept.');
    const order = await shop.server.deps.db.selectFrom('orders').selectAll().where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'PENDING', payment_status: 'FAILED' });
    expect(await stockOf(shop.server, user.productId)).toBe(2);
    await shop.server.deps.db.updateTable('orders').set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', data.orderId).execute();
    expect(await releaseExpiredReservations(shop.server.deps.db)).toBe(1);
    const lapsed = await shop.server.deps.db.selectFrom('orders').selectAll().where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(lapsed).toMatchObject({ status: 'CANCELLED', payment_status: 'FAILED' });
    expect(await stockOf(shop.server, user.productId)).toBe(4);
    expect(await shop.server.deps.db.selectFrom('cart_items').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    // The prompt was answered: approving it afterwards changes nothing.
    expect((await answer(user.token, data.reference, 'approve')).status).toBe(409);
  });

  it('refuses a confirm whose amount differs from the order total', async () => {
    const user = await shopper(5, 1);
    const data: CheckoutStarted = (await checkout(user.token)).body.data;
    await answer(user.token, data.reference, 'approve');
    const tampered = await confirm(user.token, data, 0.01);
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe('The payment amount does not match the order total.');
  });

  it('answers 404 to other users for the sandbox prompt and the confirm', async () => {
    const owner = await shopper(5, 1);
    const stranger = await makeUser(shop.server);
    const data: CheckoutStarted = (await checkout(owner.token)).body.data;
    expect((await answer(stranger.token, data.reference, 'approve')).status).toBe(404);
    expect((await confirm(stranger.token, data)).status).toBe(404);
    expect((await answer(stranger.token, 'PSK-nothing', 'approve')).status).toBe(404);
    const order = await shop.server.deps.db.selectFrom('orders').select('payment_status').where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe('PENDING');
  });

  it('releases expired reservations: stock back, order CANCELLED with a history entry', async () => {
    const user = await shopper(6, 4);
    const data: CheckoutStarted = (await checkout(user.token)).body.data;
    expect(await stockOf(shop.server, user.productId)).toBe(2);
    const before = await shop.server.deps.db.selectFrom('products').select('version').where('id', '=', user.productId).executeTakeFirstOrThrow();
    await shop.server.deps.db.updateTable('orders').set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', data.orderId).execute();
    expect(await releaseExpiredReservations(shop.server.deps.db)).toBe(1);
    expect(await releaseExpiredReservations(shop.server.deps.db)).toBe(0);
    expect(await stockOf(shop.server, user.productId)).toBe(6);
    const after = await shop.server.deps.db.selectFrom('products').select('version').where('id', '=', user.productId).executeTakeFirstOrThrow();
    expect(after.version).toBeGreaterThan(before.version);
    const order = await shop.server.deps.db.selectFrom('orders').selectAll().where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('CANCELLED');
    const history = await shop.server.deps.db.selectFrom('order_status_history').select(['status', 'notes']).where('order_id', '=', data.orderId).orderBy('id').execute();
    expect(history.at(-1)).toMatchObject({ status: 'CANCELLED' });
    expect(history.at(-1)!.notes).toMatch(/reservation expired/);
  });

  it('re-reserves stock when an expired order is paid late, if the stock is still there', async () => {
    const user = await shopper(3, 1);
    const data: CheckoutStarted = (await checkout(user.token)).body.data;
    await shop.server.deps.db.updateTable('orders').set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', data.orderId).execute();
    await releaseExpiredReservations(shop.server.deps.db);
    expect(await stockOf(shop.server, user.productId)).toBe(3);
    expect((await answer(user.token, data.reference, 'approve')).status).toBe(200);
    const order = await shop.server.deps.db.selectFrom('orders').selectAll().where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
    expect(await stockOf(shop.server, user.productId)).toBe(2);
  });

  it('keeps stock right when the expiry sweep and a late approval race', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await shopper(4, 3);
      const data: CheckoutStarted = (await checkout(user.token)).body.data;
      await shop.server.deps.db.updateTable('orders').set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', data.orderId).execute();
      const [, approved] = await Promise.all([releaseExpiredReservations(shop.server.deps.db), answer(user.token, data.reference, 'approve')]);
      expect(approved.status).toBe(200);
      const order = await shop.server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', data.orderId).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'PROCESSING', payment_status: 'PAID' });
      expect(await stockOf(shop.server, user.productId)).toBe(1);
    }
  });

  it('refuses a product that ran out since it went in the cart', async () => {
    const user = await shopper(1, 2);
    const refused = await checkout(user.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Only 1 of Test yam \w+ left in stock/);
    expect(await stockOf(shop.server, user.productId)).toBe(1);
  });

  it('refuses a two-line order whose second line ran out and leaves nothing of it: no order, no payment, the first line\'s stock and the catalogue version as they were', async () => {
    const user = await shopper(5, 2);
    const short = await makeProduct(shop.server, 1);
    await putInCart(shop.server, user.id, short, 2);
    const db = shop.server.deps.db;
    const version = await currentCatalogueVersion(db);
    const refused = await checkout(user.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Only 1 of Test yam \w+ left in stock/);
    expect(await stockOf(shop.server, user.productId)).toBe(5);
    expect(await stockOf(shop.server, short)).toBe(1);
    expect(await currentCatalogueVersion(db)).toBe(version);
    const orders = await db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(orders).toEqual([]);
    // Both lines there: one order of two lines, both stocks taken, a version for each.
    await db.updateTable('products').set({ stock_quantity: 2 }).where('id', '=', short).execute();
    const placed = await checkout(user.token);
    expect(placed.status).toBe(201);
    expect(await stockOf(shop.server, user.productId)).toBe(3);
    expect(await stockOf(shop.server, short)).toBe(0);
    expect(await currentCatalogueVersion(db)).toBe(version + 2);
    const lines = await db.selectFrom('order_items').select(['product_id', 'quantity', 'total_minor']).where('order_id', '=', placed.body.data.orderId).orderBy('product_id').execute();
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([[user.productId, 2], [short, 2]]);
    const order = await db.selectFrom('orders').selectAll().where('id', '=', placed.body.data.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: user.id, status: 'PENDING', payment_status: 'PENDING', channel: 'app', notes: 'Blue gate', order_number: placed.body.data.orderNumber });
    expect(order.total_minor).toBe(lines.reduce((sum, l) => sum + l.total_minor, 0) + order.tax_minor + order.shipping_minor);
  });
});

describe('checkout with an Idempotency-Key', () => {
  it('creates one order for a repeated request and answers the repeat with the same checkout', async () => {
    const user = await shopper(5, 1);
    const json = { pickupLocationId: shop.warehouseId, ...momo, mobileMoneyNumber: freshWallet() };
    const send = () => shop.server.call('/shop/checkout', { method: 'POST', token: user.token, headers: { 'Idempotency-Key': 'checkout-key-0001' }, json });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const a = ((await first.json()) as any).data;
    const b = ((await again.json()) as any).data;
    expect(b.orderNumber).toBe(a.orderNumber);
    expect(await stockOf(shop.server, user.productId)).toBe(4);
    const orders = await shop.server.deps.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(orders).toHaveLength(1);
  });
});

describe('concurrent checkouts', () => {
  it('30 buyers racing for 5 in stock end with exactly 5 orders and stock 0', async () => {
    const productId = await makeProduct(shop.server, 5, 5_000);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeUser(shop.server)));
    for (const buyer of buyers) await putInCart(shop.server, buyer.id, productId, 1);
    const results = await Promise.all(buyers.map((b) => checkout(b.token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    expect(await stockOf(shop.server, productId)).toBe(0);
    const orders = await shop.server.deps.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['orders.id', 'orders.status', 'order_items.quantity'])
      .where('order_items.product_id', '=', productId)
      .execute();
    expect(orders).toHaveLength(5);
    expect(orders.every((o) => o.status === 'PENDING')).toBe(true);
    // Pay them all: still 5 paid orders and no stock.
    const winners = results.filter((r) => r.status === 201);
    for (const [i, w] of winners.entries()) {
      const buyer = buyers[results.indexOf(w)];
      expect((await answer(buyer.token, w.body.data.reference, 'approve')).status, `winner ${i}`).toBe(200);
    }
    const paid = await shop.server.deps.db.selectFrom('orders').innerJoin('order_items', 'order_items.order_id', 'orders.id').select('orders.id').where('order_items.product_id', '=', productId).where('orders.payment_status', '=', 'PAID').execute();
    expect(paid).toHaveLength(5);
    expect(await stockOf(shop.server, productId)).toBe(0);
  });
});
