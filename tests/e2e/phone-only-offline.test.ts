import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

/**
 * Issue 26 item 4 in Chromium against `npm start`: a number that dialed Akuafo Market has a
 * phone-only account (no e-mail); its owner signs in on the web with a texted code, sees their
 * order, and still sees it with no network. The phone used to file its copy of the orders under
 * the account's e-mail, '' for every phone-only account, so it kept none.
 */
const baseUrl = e2eServer().baseUrl;
const dataDir = e2eServer().dataDir;
let context: BrowserContext | undefined;

const api = async (path: string, init: { method?: string; token?: string; json?: unknown } = {}) => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
};

/** One USSD step as Africa's Talking sends it. */
async function ussd(sessionId: string, phoneNumber: string, text: string): Promise<string> {
  const form = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber, networkCode: '62001', text });
  const res = await fetch(`${baseUrl}/api/v1/ussd/africastalking`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  expect(res.status).toBe(200);
  return res.text();
}
const choiceFor = (screen: string, words: string) => screen.split('\n').find((l) => l.includes(words))?.split('.')[0].replace(/^(CON|END) /, '');

/** The codes texted to this number so far, oldest first (the server's SMS spool, DATA_DIR/sms). */
function textedCodes(international: string): string[] {
  const dir = join(dataDir, 'sms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((raw) => raw.startsWith(`To: ${international}\n`))
    .flatMap((raw) => /code: (\d{6})/.exec(raw)?.[1] ?? []);
}

/** Waits for one more code than `before` to reach the number; answers the newest. */
async function nextCode(international: string, before: number): Promise<string> {
  await expect.poll(() => textedCodes(international).length, { timeout: 30_000, interval: 300 }).toBeGreaterThan(before);
  return textedCodes(international).at(-1)!;
}

describe.skipIf(!baseUrl)('a phone-only account on the web', () => {
  afterAll(async () => {
    await context?.close();
  });

  it('signs in by SMS code and sees its order, also with no network', async () => {
    // The caller dials and picks a language: the number's phone-only account is made then.
    const international = `+23324${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const national = `0${international.slice(4)}`;
    const sessionId = `ATUid_${randomUUID()}`;
    const menu = await ussd(sessionId, international, '');
    const language = choiceFor(menu, 'Language')!;
    const english = choiceFor(await ussd(sessionId, international, language), 'English')!;
    await ussd(sessionId, international, `${language}*${english}`);

    // It signs in by code (as the page will) and places an order, as a USSD buyer would have.
    expect((await api('auth/sms/send-code', { method: 'POST', json: { phone: national } })).status).toBe(200);
    const signedIn = await api('auth/sms/verify', { method: 'POST', json: { phone: national, code: await nextCode(international, 0) } });
    expect(signedIn.body.data.user.email).toBe('');
    const token = signedIn.body.data.accessToken as string;
    const product = ((await api('products?limit=20')).body.data as { id: number; stockQuantity: number }[]).find((p) => p.stockQuantity > 5)!;
    expect((await api('shop/cart', { method: 'POST', token, json: { productId: product.id, quantity: 1 } })).status).toBeLessThan(300);
    const warehouse = ((await api('warehouses')).body.data as { id: number }[])[0];
    const started = await api('shop/checkout', { method: 'POST', token, json: { pickupLocationId: warehouse.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: national } });
    expect(started.status).toBe(201);
    const orderNumber = (await api(`shop/customers/me/orders/${started.body.data.orderId}`, { token })).body.data.orderNumber as string;

    // On the web: "Sign in with a code by SMS".
    context = await launchBrowser();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/signin`);
    await page.getByText('Sign in with a code by SMS').click();
    await page.getByLabel('Mobile number').fill(national);
    const before = textedCodes(international).length;
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByLabel('6-digit code').waitFor();
    await page.getByLabel('6-digit code').fill(await nextCode(international, before));
    await page.getByRole('button', { name: 'Sign in with the code' }).click();
    await page.waitForURL((url) => url.pathname !== '/signin', { timeout: 20_000 });

    await page.goto(`${baseUrl}/orders`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.getByText(orderNumber).first().waitFor({ timeout: 20_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByText(orderNumber).first().waitFor({ timeout: 20_000 });
    expect(await page.getByText('Your order history is currently empty.').count()).toBe(0);
    await context.setOffline(false);
  });
});
