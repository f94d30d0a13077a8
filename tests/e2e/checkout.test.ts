import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

/**
 * Checkout in a real Chromium against `npm start` with no Paystack keys (the sandbox):
 * sign in, fill the cart, check out, approve the labelled simulated prompt, see the success
 * page, find the order in /orders, and open its detail with the network off.
 */
const baseUrl = e2eServer().baseUrl;
const EMAIL = 'reviewer2@akuafo.demo';
const PASSWORD = 'Akuafo#2026';
let context: BrowserContext;
let token: string;

describe.skipIf(!baseUrl)('checkout with the sandbox', () => {
  beforeAll(async () => {
    context = await launchBrowser();
    token = (await loginViaApi(baseUrl, EMAIL, PASSWORD)).accessToken;
    await fetch(`${baseUrl}/api/v1/shop/cart`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('pays, shows success, lists the order and opens its detail offline', async () => {
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, EMAIL, PASSWORD);
    await page.goto(`${baseUrl}/products`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

    // Fill the cart from the listing.
    const card = page.locator('[data-testid="product-grid"] article').filter({ has: page.getByRole('button', { name: 'Add', exact: true }) }).first();
    await card.waitFor({ timeout: 30_000 });
    const name = (await card.locator('h3').innerText()).trim();
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(`${name} added to cart!`).waitFor();

    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole('heading', { name: 'Complete Your Order' }).waitFor();
    await page.getByText('Review your items and enter payment details').waitFor();
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    expect(await page.getByRole('radio', { name: /Credit\/Debit Card/ }).isDisabled()).toBe(true);

    // The form starts with the buyer's usual choices: the profile's number (issue 22.4).
    const number = page.getByLabel('Mobile Money Number');
    await expect.poll(() => number.inputValue(), { timeout: 20_000 }).toBe('0241234567');
    const warehouse = page.getByLabel('Select Pickup Warehouse');
    await warehouse.locator('option:nth-child(2)').waitFor({ state: 'attached' });

    // Emptied, the form says so before anything is sent: on a phone, the first problem gets the
    // focus and is scrolled into view, named as the screen names the field.
    await page.setViewportSize({ width: 360, height: 740 });
    await warehouse.selectOption('');
    await number.fill('');
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByText('Please select a pickup warehouse').waitFor();
    await page.getByText('Please enter your mobile money number').waitFor();
    expect(await warehouse.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(async () => {
      const box = await warehouse.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 740;
    }).toBe(true);

    await warehouse.selectOption({ index: 1 });
    await page.getByLabel('Mobile Money Network').selectOption('MTN');
    await page.getByLabel('Mobile Money Number').fill('0201234567');
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByText('This number is on Telecel, not MTN. Choose Telecel Cash or enter a number on MTN.').waitFor();
    await page.getByLabel('Mobile Money Number').fill('024 123 4567');
    await page.getByLabel('Notes for the warehouse').fill('Green gate beside the church');
    await page.getByRole('button', { name: 'Complete Order' }).click();

    await page.getByRole('heading', { name: 'Simulated mobile money prompt (sandbox — no real money)' }).waitFor({ timeout: 20_000 });
    const orderNumber = ((await page.getByRole('heading', { name: /^Pay for order / }).innerText()).match(/ORD-\d{4}-\d{6}/) ?? [])[0];
    expect(orderNumber).toBeTruthy();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    await page.waitForURL(`${baseUrl}/checkout/success`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByText(`Thank you for your order ${orderNumber}.`).waitFor();
    expect(await page.locator('nav[aria-label="Main"]').count()).toBe(0);

    // The server agrees: paid once.
    const list = (await (await fetch(`${baseUrl}/api/v1/shop/customers/me/orders`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { orderNumber: string; paymentStatus: string }[] };
    expect(list.data.find((o) => o.orderNumber === orderNumber)?.paymentStatus).toBe('PAID');

    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    const orderLink = page.getByRole('link', { name: new RegExp(orderNumber!) });
    await orderLink.waitFor({ timeout: 20_000 });
    await orderLink.click();
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    await page.getByRole('tab', { name: 'Status Updates' }).click();
    await page.getByRole('tabpanel', { name: 'Status Updates' }).getByText('Paid', { exact: true }).first().waitFor();

    // No network: the detail and the history come from the phone.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor({ timeout: 20_000 });
    await page.getByText('Offline: showing the copy saved on this phone.').waitFor();
    await page.getByText(name).first().waitFor();
    await page.goto(`${baseUrl}/orders`);
    await page.getByRole('link', { name: new RegExp(orderNumber!) }).waitFor({ timeout: 20_000 });
    await page.goto(`${baseUrl}/checkout`);
    await page.getByText(/Your cart is empty|Checkout needs an internet connection/).first().waitFor();
    await context.setOffline(false);
    await page.close();
  });
});
