import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { freshWallet } from '../support/shop';
import { e2eServer } from './servers';

/**
 * Issue 40 items 2 and 6, in Chromium against `npm start`, offline and back:
 * - the buyer's order timeline (dropped off at Tamale, collected by the demo transporter, on the
 *   way near Kumasi) opens offline from the phone's mirror, after a reload and after navigating
 *   away and back, and shows the arrival at Accra once the network is back;
 * - Tamale's staff open /warehouse, go offline, reload, count a line in (kept on the phone), come
 *   back online, and the server has the line counted in.
 */
const baseUrl = e2eServer().baseUrl;
const dataDir = e2eServer().dataDir;
const PASSWORD = 'Akuafo#2026';
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((c) => c.close())));

const api = async (token: string, path: string, method = 'GET', body?: unknown) => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
};
const tokenOf = async (email: string) => (await loginViaApi(baseUrl, email, PASSWORD)).accessToken;

function kofiProduct(): { id: number } {
  const db = new Database(join(dataDir, 'akuafo.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select p.id from products p join users u on u.id = p.seller_id where u.email = 'kofi.farms@akuafo.demo' and p.is_active = 1 and p.stock_quantity > 5 order by p.id limit 1").get() as { id: number };
  } finally {
    db.close();
  }
}

/** The demo buyer's paid order of two of Kofi's units (Kofi drops off at Tamale), picked up at Accra: one consignment. */
async function paidOrderToAccra(): Promise<{ orderId: number; orderNumber: string; buyer: string }> {
  const buyer = await tokenOf('buyer@akuafo.demo');
  await api(buyer, 'shop/cart', 'DELETE');
  expect((await api(buyer, 'shop/cart', 'POST', { productId: kofiProduct().id, quantity: 2 })).status).toBe(200);
  const accra = ((await api(buyer, 'warehouses')).body.data as { id: number; name: string }[]).find((w) => w.name === 'Accra Hub')!;
  const started = await api(buyer, 'shop/checkout', 'POST', { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() });
  expect(started.status).toBe(201);
  expect((await api(buyer, `payments/sandbox/${started.body.data.reference}/approve`, 'POST', {})).status).toBe(200);
  const orderId = started.body.data.orderId as number;
  const detail = await api(buyer, `shop/customers/me/orders/${orderId}`);
  expect(detail.body.data.consignments).toHaveLength(1);
  return { orderId, orderNumber: detail.body.data.orderNumber as string, buyer };
}

/** Asks again every 250 ms until `check` answers true. */
async function waitFor(check: () => Promise<boolean>, { timeout }: { timeout: number }) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const linesOf = async (staff: string, orderId: number) => ((await api(staff, 'warehouse/lines')).body.data as { orderId: number; itemId: number }[]).filter((l) => l.orderId === orderId);

describe('transport offline and back', () => {
  it('shows the buyer the order timeline offline from the phone, after a reload and a navigation, and the arrival once online', async () => {
    const o = await paidOrderToAccra();
    const tamale = await tokenOf('staff.tamale@akuafo.demo');
    const accra = await tokenOf('staff.accra@akuafo.demo');
    const driver = await tokenOf('transporter@akuafo.demo');
    // Counted in at Tamale, accepted by the demo transporter, collected with its code, a position near Kumasi.
    for (const l of await linesOf(tamale, o.orderId)) expect((await api(tamale, `warehouse/orders/${o.orderId}/items/${l.itemId}/received`, 'POST', {})).status).toBe(200);
    const { consignments } = (await api(o.buyer, `shop/customers/me/orders/${o.orderId}`)).body.data;
    const id = consignments[0].id as number;
    expect((await api(driver, `transporters/me/loads/${id}/accept`, 'POST', {})).status).toBe(200);
    const mine = ((await api(driver, 'transporters/me/loads?status=MINE')).body.data as { id: number; collectionCode?: string; deliveryCode?: string }[]).find((l) => l.id === id)!;
    expect((await api(tamale, `warehouse/consignments/${id}/collected`, 'POST', { code: mine.collectionCode })).status).toBe(200);
    expect((await api(driver, `transporters/me/loads/${id}/events`, 'POST', { type: 'POSITION', at: new Date().toISOString(), lat: 6.69, lng: -1.62 })).body.data).toEqual({ recorded: 1, repeated: 0 });

    const context = await launchBrowser();
    contexts.push(context);
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, 'buyer@akuafo.demo', PASSWORD);
    await page.goto(`${baseUrl}/orders/${o.orderId}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const timeline = page.getByTestId('consignments');
    const expectTimeline = async () => {
      await timeline.getByRole('heading', { name: 'Your goods on the way' }).waitFor({ timeout: 30_000 });
      await timeline.getByText('From Tamale to Accra').waitFor();
      await timeline.getByText('On the way to Accra').waitFor();
      await timeline.getByText('Dropped off at Tamale').waitFor();
      await timeline.getByText(/^Collected at Tamale by /).waitFor();
      await timeline.getByText('On the way, near Kumasi').waitFor();
    };
    await expectTimeline();
    const online = await timeline.innerText();

    // Offline: a reload, then away to My orders and back, open the same timeline from the phone's copy.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Offline: showing the copy saved on this phone.').waitFor({ timeout: 30_000 });
    await expectTimeline();
    expect(await timeline.innerText()).toBe(online);
    await page.goto(`${baseUrl}/orders`);
    await page.goto(`${baseUrl}/orders/${o.orderId}`);
    await expectTimeline();
    expect(await timeline.innerText()).toBe(online);

    // Meanwhile Accra's staff receive it; back online the page shows the arrival and the ready step.
    const delivered = ((await api(driver, 'transporters/me/loads?status=MINE')).body.data as { id: number; deliveryCode?: string }[]).find((l) => l.id === id)!;
    expect((await api(accra, `warehouse/consignments/${id}/arrived`, 'POST', { code: delivered.deliveryCode })).status).toBe(200);
    await context.setOffline(false);
    await page.reload();
    await timeline.getByText('Arrived at Accra').first().waitFor({ timeout: 30_000 });
    await timeline.getByText('Ready for pickup').waitFor();
    expect(await page.getByText('Offline: showing the copy saved on this phone.').count()).toBe(0);
  });

  it("counts a line in at Tamale's counter while offline, and the server has it once back online", async () => {
    const o = await paidOrderToAccra();
    const tamale = await tokenOf('staff.tamale@akuafo.demo');
    const lines = await linesOf(tamale, o.orderId);
    expect(lines).toHaveLength(1);

    const context = await launchBrowser();
    contexts.push(context);
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, 'staff.tamale@akuafo.demo', PASSWORD);
    await page.goto(`${baseUrl}/warehouse`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const line = () => page.locator('li', { hasText: `(order ${o.orderNumber})` });
    await line().waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByText(/^Offline: as of /).first().waitFor({ timeout: 30_000 });
    await line().getByRole('button', { name: 'Counted in' }).click();
    await line().getByText('Kept on this phone; sent when the network is back.').waitFor();
    // Still only on the phone: the server has not heard of it.
    expect(await linesOf(tamale, o.orderId)).toHaveLength(1);

    await context.setOffline(false);
    await waitFor(async () => (await linesOf(tamale, o.orderId)).length === 0, { timeout: 60_000 });
    const outgoing = (await api(tamale, 'warehouse/consignments?status=AT_ORIGIN')).body.data as { orderNumber: string; lines: number; linesReceived: number }[];
    expect(outgoing.find((c) => c.orderNumber === o.orderNumber)).toMatchObject({ lines: 1, linesReceived: 1 });
    // The page, online again, no longer lists the line to count.
    await page.reload();
    await page.getByRole('heading', { name: 'To count in' }).waitFor();
    await waitFor(async () => (await line().count()) === 0, { timeout: 30_000 });
  });
});
