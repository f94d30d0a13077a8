import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { freshWallet } from '../support/shop';
import { e2eServer } from './servers';

/**
 * Issue 40 item 4, in Chromium against `npm start`: a buyer's paid order from Kofi (Tamale) to
 * Accra, counted in by Tamale's staff, is an OPEN load; the demo transporter opens the board,
 * goes offline, reloads, still sees it, accepts it offline, comes back online and sees it in
 * My loads with its collection code.
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

function kofiProduct(): { id: number } {
  const db = new Database(join(dataDir, 'akuafo.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select p.id from products p join users u on u.id = p.seller_id where u.email = 'kofi.farms@akuafo.demo' and p.is_active = 1 and p.stock_quantity > 5 order by p.id limit 1").get() as { id: number };
  } finally {
    db.close();
  }
}

/** A load waiting at Tamale, made as a buyer and Tamale's staff would. */
async function openLoad(): Promise<{ orderId: number }> {
  const buyer = (await loginViaApi(baseUrl, 'reviewer5@akuafo.demo', PASSWORD)).accessToken;
  const staff = (await loginViaApi(baseUrl, 'staff.tamale@akuafo.demo', PASSWORD)).accessToken;
  await api(buyer, 'shop/cart', 'DELETE');
  expect((await api(buyer, 'shop/cart', 'POST', { productId: kofiProduct().id, quantity: 2 })).status).toBe(200);
  const warehouses = (await api(buyer, 'warehouses')).body.data as { id: number; name: string }[];
  const accra = warehouses.find((w) => w.name === 'Accra Hub')!;
  const started = await api(buyer, 'shop/checkout', 'POST', { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() });
  expect(started.status).toBe(201);
  expect((await api(buyer, `payments/sandbox/${started.body.data.reference}/approve`, 'POST', {})).status).toBe(200);
  const orderId = started.body.data.orderId as number;
  const lines = ((await api(staff, 'warehouse/lines')).body.data as { orderId: number; itemId: number }[]).filter((l) => l.orderId === orderId);
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) expect((await api(staff, `warehouse/orders/${orderId}/items/${l.itemId}/received`, 'POST', {})).status).toBe(200);
  return { orderId };
}

describe('the transporter’s board offline and back', () => {
  it('reads the board offline after a reload, accepts offline, and shows the load with its code once back online', async () => {
    await openLoad();
    const context = await launchBrowser();
    contexts.push(context);
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, 'transporter@akuafo.demo', PASSWORD);
    await page.goto(`${baseUrl}/transporter`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.getByLabel('Region').selectOption('Northern');
    const line = page.locator('li', { hasText: 'Tamale Depot to Accra Hub' }).filter({ has: page.getByRole('button', { name: 'Accept' }) }).last();
    await line.waitFor({ timeout: 30_000 });
    const facts = await line.innerText();

    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('Region').selectOption('Northern');
    await page.getByText(/Offline: the loads as of/).first().waitFor({ timeout: 30_000 });
    const offlineLine = page.locator('li', { hasText: facts.split('\n')[1] ?? 'Tamale Depot to Accra Hub' }).filter({ has: page.getByRole('button', { name: 'Accept' }) }).last();
    await offlineLine.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Accepted on this phone; sent when the network is back.').first().waitFor();

    await context.setOffline(false);
    await page.getByRole('heading', { name: 'My loads' }).waitFor();
    await page.locator('li', { hasText: 'Code to collect:' }).first().waitFor({ timeout: 60_000 });
    expect(await page.locator('li', { hasText: 'Code to collect:' }).locator('strong').first().innerText()).toMatch(/^\w{4,}$/);
  });
});
