import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

/**
 * An order to the end in Chromium against `npm start` (sandbox payments): a buyer's payment is
 * declined, they pay again and it is approved; the seller brings both lines to the warehouse
 * (the second while offline); the buyer sees "Ready for pickup" and the code offline; the
 * operator types the code in the console; a second buyer cancels a paid order and sees the
 * refund completed.
 */
const baseUrl = e2eServer().baseUrl;
const dataDir = e2eServer().dataDir;
const PASSWORD = 'Akuafo#2026';
const BUYER = 'reviewer3@akuafo.demo';
const SECOND_BUYER = 'reviewer4@akuafo.demo';
const SELLER = 'seller@akuafo.demo';
const OPERATOR = 'ops@akuafo.demo';

const contexts: BrowserContext[] = [];
const api = async (token: string, path: string, method = 'GET', body?: unknown) => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
};

/** Two of the demo seller's products in stock, read from the server's own database file. */
function sellerProducts(): { id: number; name: string }[] {
  const db = new Database(join(dataDir, 'akuafo.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("select p.id, p.name from products p join users u on u.id = p.seller_id where u.email = ? and p.is_active = 1 and p.stock_quantity > 5 order by p.id limit 2")
      .all(SELLER) as { id: number; name: string }[];
  } finally {
    db.close();
  }
}

async function signedInPage(email: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchBrowser();
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughPage(page, baseUrl, email, PASSWORD);
  await page.goto(`${baseUrl}${path}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  return { context, page };
}

/** The SMS the server wrote to its spool (DATA_DIR/sms/*.txt) about one order. */
function smsAbout(orderNumber: string): string[] {
  const dir = join(dataDir, 'sms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).filter((text) => text.includes(orderNumber));
}

/** Waits for an SMS about the order matching `pattern` (the message worker sends on its own clock). */
async function smsArrives(orderNumber: string, pattern: RegExp) {
  await expect.poll(() => smsAbout(orderNumber).find((text) => pattern.test(text)), { timeout: 30_000, interval: 500 }).toBeTruthy();
  const text = smsAbout(orderNumber).find((t) => pattern.test(t))!;
  expect(text).toMatch(/^To: \+233\d{9}\n\n/);
  return text;
}

describe.skipIf(!baseUrl)('an order from checkout to pickup, and a cancelled one refunded', () => {
  let buyerToken: string;
  let products: { id: number; name: string }[];
  beforeAll(async () => {
    buyerToken = (await loginViaApi(baseUrl, BUYER, PASSWORD)).accessToken;
    products = sellerProducts();
    expect(products).toHaveLength(2);
    await api(buyerToken, 'shop/cart', 'DELETE');
    for (const p of products) expect((await api(buyerToken, 'shop/cart', 'POST', { productId: p.id, quantity: 1 })).status).toBeLessThan(300);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('pays again after a decline, is brought to the warehouse, shows its code offline and is handed over with it', async () => {
    // The cart page brings the server's cart (filled above) onto the phone.
    const buyer = await signedInPage(BUYER, '/cart');
    const { page } = buyer;
    await page.getByText(products[1].name).first().waitFor({ timeout: 30_000 });
    await page.goto(`${baseUrl}/checkout`);
    const warehouse = page.getByLabel('Select Pickup Warehouse');
    await warehouse.locator('option:nth-child(2)').waitFor({ state: 'attached', timeout: 30_000 });
    await warehouse.selectOption({ index: 1 });
    const warehouseName = (await warehouse.locator('option:nth-child(2)').innerText()).split(' — ')[0];
    await page.getByLabel('Mobile Money Number').fill('0241234567');
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByRole('timer').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('timer').innerText()).toMatch(/held for you for (29|30):\d\d more/);
    const orderNumber = ((await page.getByRole('heading', { name: /^Pay for order / }).innerText()).match(/ORD-\d{4}-\d{6}/) ?? [])[0]!;

    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await page.getByText('Payment was declined. Your order was not paid and your cart is kept.').waitFor();
    await page.getByRole('button', { name: 'Pay again' }).click();
    await page.getByText('Payment was declined.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL(`${baseUrl}/checkout/success`, { timeout: 20_000 });
    const orders = (await api(buyerToken, 'shop/customers/me/orders')).body.data as { id: number; orderNumber: string; paymentStatus: string }[];
    const order = orders.find((o) => o.orderNumber === orderNumber)!;
    expect(order.paymentStatus).toBe('PAID');

    // The seller brings the first line in online, the second with no network.
    const seller = await signedInPage(SELLER, '/seller/orders');
    const card = seller.page.locator('li.card').filter({ hasText: orderNumber });
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: `Mark ${products[0].name} at the warehouse` }).click();
    // It may text the buyer a pickup code: the seller confirms (issue 37).
    await card.getByRole('button', { name: 'Yes, it is there' }).click();
    await card.getByText('At the warehouse').first().waitFor();
    await seller.context.setOffline(true);
    await card.getByRole('button', { name: `Mark ${products[1].name} at the warehouse` }).click();
    await card.getByRole('button', { name: 'Yes, it is there' }).click();
    await expect.poll(() => card.getByText('At the warehouse').count(), { timeout: 10_000 }).toBe(2);
    expect((await api(buyerToken, `shop/customers/me/orders/${order.id}`)).body.data.status).toBe('PROCESSING');
    await seller.context.setOffline(false);
    await expect.poll(async () => (await api(buyerToken, `shop/customers/me/orders/${order.id}`)).body.data.status, { timeout: 30_000 }).toBe('SHIPPED');

    // The buyer sees it ready, with the code, and still does with no network.
    await page.goto(`${baseUrl}/orders/${order.id}`);
    await page.getByText(`Ready for pickup at ${warehouseName}`).waitFor({ timeout: 20_000 });
    const code = (await api(buyerToken, `shop/customers/me/orders/${order.id}`)).body.data.pickupCode as string;
    expect(code).toMatch(/^\d{6}$/);
    await page.getByText(code, { exact: true }).waitFor();
    await buyer.context.setOffline(true);
    await page.reload();
    await page.getByText('Offline: showing the copy saved on this phone.').waitFor({ timeout: 20_000 });
    await page.getByText(`Ready for pickup at ${warehouseName}`).waitFor();
    await page.getByText(code, { exact: true }).waitFor();
    await buyer.context.setOffline(false);

    // The operator types the code in the console: a wrong one is refused, the right one hands it over.
    const operator = await signedInPage(OPERATOR, '/admin');
    await operator.page.getByRole('tab', { name: 'Orders' }).click();
    const desk = operator.page.locator('article').filter({ hasText: `Order ${orderNumber}` });
    await desk.waitFor({ timeout: 20_000 });
    await desk.getByLabel("Buyer's pickup code").fill(code === '000000' ? '000001' : '000000');
    await desk.getByRole('button', { name: 'Hand over' }).click();
    await desk.getByText(/That pickup code is not right/).waitFor();
    await desk.getByLabel("Buyer's pickup code").fill(code);
    await desk.getByRole('button', { name: 'Hand over' }).click();
    await operator.page.getByText(`Order ${orderNumber} was collected.`).waitFor();
    expect((await api(buyerToken, `shop/customers/me/orders/${order.id}`)).body.data.status).toBe('DELIVERED');

    // An SMS for each step: the decline, the payment, ready with the code, the collection.
    await smsArrives(orderNumber, /did not go through/);
    await smsArrives(orderNumber, /is paid/);
    expect(await smsArrives(orderNumber, new RegExp(`order ${orderNumber} is ready for pickup`))).toContain(code);
    await smsArrives(orderNumber, /was collected/);
    // The push reaching the service worker is proven by tests/e2e/notifications.test.ts (messages branch).
  });

  it('lets a second buyer cancel a paid order and shows the refund completed', async () => {
    const token = (await loginViaApi(baseUrl, SECOND_BUYER, PASSWORD)).accessToken;
    await api(token, 'shop/cart', 'DELETE');
    await api(token, 'shop/cart', 'POST', { productId: products[0].id, quantity: 1 });
    const warehouses = (await api(token, 'warehouses')).body.data as { id: number }[];
    const started = (await api(token, 'shop/checkout', 'POST', { pickupLocationId: warehouses[0].id, mobileMoneyNetwork: 'AIRTEL_TIGO', mobileMoneyNumber: '0271234567' })).body.data;
    expect((await api(token, `payments/sandbox/${started.reference}/approve`, 'POST')).body.data.status).toBe('PAID');

    const { page } = await signedInPage(SECOND_BUYER, `/orders/${started.orderId}`);
    await page.getByRole('button', { name: 'Cancel order' }).click({ timeout: 20_000 });
    await page.getByLabel('Why are you cancelling? (optional)').fill('Ordered twice by mistake');
    await page.getByRole('button', { name: `Yes, cancel order ${started.orderNumber}` }).click();
    await page.getByText('Order Cancelled').waitFor({ timeout: 20_000 });
    // The refund job runs on its own clock (every 5 s, backing off after a failed try): on a
    // loaded machine wait for the server first, then for the page to show what it holds.
    const refundState = async () => (await api(token, `shop/customers/me/orders/${started.orderId}`)).body.data.refund?.status;
    await expect.poll(refundState, { timeout: 90_000, interval: 1_000 }).toBe('COMPLETED');
    // The open page follows a refund in flight by itself (no reload).
    await page.getByText('Refund completed').first().waitFor({ timeout: 60_000 });
    const detail = (await api(token, `shop/customers/me/orders/${started.orderId}`)).body.data;
    expect(detail).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED', refund: { status: 'COMPLETED' } });
    await smsArrives(started.orderNumber, /was refunded/);
  }, 240_000);
});
