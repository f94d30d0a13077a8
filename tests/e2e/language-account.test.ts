import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { watchPage } from '../support/page-state';
import { e2eServer } from './servers';

/**
 * Issue 27 in a real Chromium, the account pages: a buyer switches to Twi, and the addresses,
 * notifications, payment methods and saved items pages come in Twi; a notification switch
 * flipped offline is listed in the sync panel in Twi.
 */
const baseUrl = e2eServer().baseUrl;
const EMAIL = 'reviewer5@akuafo.demo';
const PASSWORD = 'Akuafo#2026';
let context: BrowserContext;
let token: string;

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}/api/v1/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
const ordersBySms = async () => ((await (await api('shop/customers/me/notification-preferences')).json()) as { data: { orders: { sms: boolean } } }).data.orders.sms;

describe.skipIf(!baseUrl)('the account pages in Twi', () => {
  beforeAll(async () => {
    token = (await loginViaApi(baseUrl, EMAIL, PASSWORD)).accessToken;
    context = await launchBrowser({ width: 1024 });
  });
  afterAll(async () => {
    await context?.close();
    // The account as other tests expect it: English, orders by SMS on.
    await api('shop/customers/me', { method: 'PATCH', body: JSON.stringify({ language: 'en' }) });
    await api('shop/customers/me/notification-preferences', { method: 'PUT', body: JSON.stringify({ orders: { sms: true } }) });
  });

  it('shows addresses, notifications, payment methods and saved items in Twi, and a change queued offline in the sync panel', async () => {
    const page = await context.newPage();
    // If a heading never comes, the failure says what the page showed instead (CI met one such run).
    const { explain } = watchPage(page);
    const heading = (name: string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 }).catch(explain);
    await signInThroughPage(page, baseUrl, EMAIL, PASSWORD);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('combobox', { name: /Language/ }).first().selectOption('ak');
    await heading('Akwaaba ba Akuafo Market');

    await page.goto(`${baseUrl}/addresses`);
    await heading('Address ahorow');
    await page.getByRole('link', { name: 'Fa address ka ho' }).waitFor();
    expect(await lang(page)).toBe('ak');
    await page.getByRole('link', { name: 'Fa address ka ho' }).click();
    await heading('Address foforo');
    await page.getByRole('button', { name: 'Kora address no' }).click();
    await page.getByText('Siesie mfomsoɔ a ɛwɔ krataa no mu').waitFor();

    await page.goto(`${baseUrl}/payment-methods`);
    await heading('Akwan a metua ka');
    await page.getByText('Wontumi mfa kaad ntua ka seesei.').waitFor();

    await page.goto(`${baseUrl}/wishlist`);
    await heading('Nneɛma a wokoraa');

    await page.goto(`${baseUrl}/notifications`);
    await heading('Nkaebɔ');
    const smsSwitch = page.getByRole('checkbox', { name: 'Nneɛma a matɔ denam SMS so' });
    await smsSwitch.waitFor();
    expect(await lang(page)).toBe('ak');
    await page.getByRole('heading', { level: 2, name: 'Push wɔ fon yi so' }).waitFor();

    // Offline, the switch is kept on the phone and the sync panel lists it in Twi.
    // A controlled box: it shows the phone's copy once Dexie has the change, so Playwright's
    // check()/uncheck() (which look at once) would fail on a slow machine: click, then wait.
    if (!(await smsSwitch.isChecked())) {
      await smsSwitch.click();
      await expect.poll(() => smsSwitch.isChecked(), { timeout: 30_000, interval: 200 }).toBe(true);
      await expect.poll(ordersBySms, { timeout: 30_000, interval: 500 }).toBe(true);
    }
    await context.setOffline(true);
    try {
      await smsSwitch.click();
      await expect.poll(() => smsSwitch.isChecked(), { timeout: 30_000, interval: 200 }).toBe(false);
      await page.getByText('Yɛakora wɔ fon yi so; wo nsakrae bɛkɔ bere a intanɛt aba.').waitFor({ timeout: 30_000 });
      await page.getByTestId('sync-indicator').click();
      await page.getByTestId('sync-panel').getByText('Dum SMS ma Nneɛma a matɔ').waitFor({ timeout: 30_000 });
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(ordersBySms, { timeout: 60_000, interval: 500 }).toBe(false);
    await page.close();
  });
});
