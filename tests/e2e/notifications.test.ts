import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

/**
 * /notifications in a real Chromium: a switch flipped offline reaches the server when the
 * network returns; a push message delivered to the service worker (through the DevTools
 * protocol: no real push service is reachable here) is shown, and tapping it opens the order.
 */
const baseUrl = e2eServer().baseUrl;
const EMAIL = 'reviewer2@akuafo.demo';
const PASSWORD = 'Akuafo#2026';
let context: BrowserContext;
let page: Page;
let token: string;

async function until(check: () => Promise<boolean>, ms = 30_000, what = 'condition') {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const serverSwitches = async () =>
  ((await (await fetch(`${baseUrl}/api/v1/shop/customers/me/notification-preferences`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: any }).data;

beforeAll(async () => {
  token = (await loginViaApi(baseUrl, EMAIL, PASSWORD)).accessToken;
  context = await launchBrowser();
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  page = await context.newPage();
  await signInThroughPage(page, baseUrl, EMAIL, PASSWORD);
  await page.goto(`${baseUrl}/notifications`);
});
afterAll(() => context?.close());

describe('notifications in the browser', () => {
  it('keeps a switch flipped offline and sends it when the network returns', async () => {
    const sms = page.getByRole('checkbox', { name: 'My orders by SMS' });
    await sms.waitFor();
    await until(async () => (await sms.isChecked()) === (await serverSwitches()).orders.sms, 10_000, 'the page to show the server switches');
    const before = (await serverSwitches()).orders.sms as boolean;
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    // A controlled box: it shows the phone's copy once Dexie has the change.
    await sms.click();
    await until(async () => (await sms.isChecked()) === !before, 10_000, 'the box to show the change');
    await page.getByText('your changes will be sent when you are back online').waitFor();
    expect((await serverSwitches()).orders.sms).toBe(before);
    await context.setOffline(false);
    await until(async () => (await serverSwitches()).orders.sms === !before, 30_000, 'the switch to reach the server');
    expect(await sms.isChecked()).toBe(!before);
  });

  it('shows a push message delivered to the service worker, which opens the order when tapped', async () => {
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(baseUrl) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = { title: 'Order AK-E2E is ready for pickup', body: 'Ready at Accra Central Warehouse. Your pickup code is 482913.', url: '/orders/4242', tag: 'message-e2e' };
    await page.evaluate(() => navigator.serviceWorker.ready);
    const shown = async () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })));
    // DevTools hands the message over without an answer, and a busy machine may drop it while
    // the worker starts: hand it over again until shown (the same tag shows it once).
    const deliver = async () =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseUrl).origin, registrationId: await registrationId, data: JSON.stringify(payload) });
    let deliveredAt = 0;
    await until(
      async () => {
        if ((await shown()).length > 0) return true;
        if (Date.now() - deliveredAt > 5_000) {
          deliveredAt = Date.now();
          await deliver();
        }
        return false;
      },
      30_000,
      'the notification',
    );
    expect(await shown()).toEqual([{ title: payload.title, body: payload.body, data: { url: '/orders/4242' } }]);
  });
});
