import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCedis } from '../../src/shared/money';
import type { Product } from '../../src/shared/schemas/catalogue';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

/**
 * Issue 39 item 1: a listing's link shared in a WhatsApp group, opened by someone with no
 * account on this phone. They read it, tap Add to Cart, are asked to sign in (and told why),
 * and come back to the listing with the item in their cart.
 */
const baseUrl = e2eServer().baseUrl;
const BUYER = { email: 'buyer@akuafo.demo', password: 'Akuafo#2026' };
let context: BrowserContext;

async function serverCartQuantity(token: string, productId: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/shop/cart`, { headers: { authorization: `Bearer ${token}` } });
  const cart = ((await res.json()) as { data: { items: { productId: number; quantity: number }[] } }).data;
  return cart.items.find((item) => item.productId === productId)?.quantity ?? 0;
}

describe.skipIf(!baseUrl)('a shared product link, opened by a visitor', () => {
  beforeAll(async () => {
    context = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows the listing, asks to sign in at Add to Cart, and comes back with the item in the cart', async () => {
    const token = (await loginViaApi(baseUrl, BUYER.email, BUYER.password)).accessToken;
    const listed = ((await (await fetch(`${baseUrl}/api/v1/products?limit=40`)).json()) as { data: Product[] }).data;
    // One in stock that this buyer does not hold already, so the cart's count proves this visit's add.
    const held = await Promise.all(listed.map((p) => serverCartQuantity(token, p.id)));
    const product = listed.find((p, i) => p.isActive && p.stockQuantity > 2 && held[i] === 0);
    if (!product) throw new Error('no listing in stock to share');

    const page = await context.newPage();
    await page.goto(`${baseUrl}/product/${product.id}`);
    // The card a crawler reads is in the page the server sent.
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${product.name} | Akuafo Market`);
    // The visitor reads it: no trip to the sign-in page.
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/product/${product.id}`);
    await page.getByText(formatCedis(product.price), { exact: true }).first().waitFor();
    expect(await page.getByText('Login to view Details of the product').count()).toBe(0);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByText('Sign in to add this to your cart').waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/product/${product.id}`);

    await signInThroughPage(page, baseUrl, BUYER.email, BUYER.password);
    await page.waitForURL(`${baseUrl}/product/${product.id}`);
    await page.getByText(`${product.name} added to cart!`).waitFor();

    // In the cart on the phone, and sent to the server by the outbox.
    await page.goto(`${baseUrl}/cart`);
    await page.locator('[data-testid="cart-row"]').filter({ hasText: product.name }).waitFor();
    const end = Date.now() + 30_000;
    while ((await serverCartQuantity(token, product.id)) !== 1) {
      if (Date.now() > end) throw new Error('the add never reached the server cart');
      await new Promise((r) => setTimeout(r, 250));
    }
    await page.close();
  });

  it('a sign-in link that names another site as its return goes home instead', async () => {
    const fresh = await launchBrowser();
    const page = await fresh.newPage();
    await page.goto(`${baseUrl}/signin?next=//evil.example/steal&for=cart`);
    await page.getByText('Sign in to add this to your cart').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.getByLabel('Email address').fill(BUYER.email);
    await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/signin', { timeout: 20_000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    expect(new URL(page.url()).pathname).toBe('/');
    await fresh.close();
  });
});
