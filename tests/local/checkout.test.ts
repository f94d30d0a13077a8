import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/local/api';
import { addToCart } from '../../src/local/cart';
import { answerSandboxPrompt, confirmPayment, lastCheckout, startCheckout } from '../../src/local/checkout';
import { AkuafoDb } from '../../src/local/db';
import { localOrderDetail, localOrdersPage, localTrackedOrder, refreshOrders } from '../../src/local/orders';
import type { Product } from '../../src/shared/schemas/catalogue';
import { signedInOnPhone } from '../support/local-session';
import { startTestServer, type TestServer } from '../support/server';
import { firstWarehouseId, makeProduct, stockOf } from '../support/shop';

let server: TestServer;
let db: AkuafoDb;
let warehouseId: number;

beforeAll(async () => {
  server = await startTestServer();
  warehouseId = await firstWarehouseId(server);
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`checkout-${Math.random()}`);
  await db.open();
});

const signedIn = () => signedInOnPhone(server, db);

async function product(stock: number): Promise<Product> {
  const id = await makeProduct(server, stock);
  return ((await (await server.call(`/products/${id}`)).json()) as { data: Product }).data;
}

const form = { pickupLocationId: '', mobileMoneyNetwork: 'MTN' as const, mobileMoneyNumber: '0551234567', notes: '' };

describe('checkout from the phone', () => {
  it('sends queued cart changes first, pays with the sandbox, empties the cart and keeps the order for offline use', async () => {
    const { api } = await signedIn();
    const yam = await product(5);
    await addToCart(yam, 2, db);
    expect(await db.outbox.count()).toBe(1);

    const started = await startCheckout(api, { ...form, pickupLocationId: String(warehouseId) }, db);
    expect(await db.outbox.count()).toBe(0);
    expect(await stockOf(server, yam.id)).toBe(3);
    expect((await lastCheckout(db))?.orderNumber).toBe(started.orderNumber);

    const waiting = await confirmPayment(api, started, db);
    expect(waiting.status).toBe('PENDING');
    expect(await db.cart.count()).toBe(1);

    await answerSandboxPrompt(api, started.reference, 'approve');
    const paid = await confirmPayment(api, started, db);
    expect(paid.status).toBe('PAID');
    expect(await db.cart.count()).toBe(0);

    // Saved with its detail: the history and the detail open with no network.
    const detail = await localOrderDetail(started.orderId, db);
    expect(detail).toMatchObject({ orderNumber: started.orderNumber, paymentStatus: 'PAID', status: 'PROCESSING' });
    const page = await localOrdersPage(1, 10, db);
    expect(page.data.map((o) => o.orderNumber)).toEqual([started.orderNumber]);
    const tracked = await localTrackedOrder(started.orderNumber, db);
    expect(tracked).toMatchObject({ orderNumber: started.orderNumber, status: 'PROCESSING', paymentStatus: 'PAID', customerName: 'Esi Tetteh' });
    expect(tracked?.statusHistory.map((h) => h.status)).toEqual(['ORDER_PLACED', 'PAYMENT_CONFIRMED']);
  });

  it('keeps the cart and says why when the prompt is declined', async () => {
    const { api } = await signedIn();
    const yam = await product(5);
    await addToCart(yam, 1, db);
    const started = await startCheckout(api, { ...form, pickupLocationId: String(warehouseId) }, db);
    await answerSandboxPrompt(api, started.reference, 'decline');
    const refused = await confirmPayment(api, started, db).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(402);
    expect((refused as ApiError).message).toBe('Payment was declined. Your order was not paid and your cart is kept.');
    expect(await db.cart.count()).toBe(1);
  });

  it('keeps each signed-in person\'s orders apart on a shared phone', async () => {
    const first = await signedIn();
    const yam = await product(5);
    await addToCart(yam, 1, db);
    await startCheckout(first.api, { ...form, pickupLocationId: String(warehouseId) }, db);
    await refreshOrders(first.api, 1, 10, db);
    expect((await localOrdersPage(1, 10, db)).data).toHaveLength(1);
    await signedIn();
    expect((await localOrdersPage(1, 10, db)).data).toHaveLength(0);
  });
});
