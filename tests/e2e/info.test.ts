import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES } from '../../src/web/pages/info/blog/articles';
import { CONTACT_QUEUED_MESSAGE, CONTACT_SENT_MESSAGE } from '../../src/shared/schemas/contact';
import { signInThroughPage } from '../support/auth';
import { injectAxe, launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;
const dataDir = e2eServer().dataDir;
const ACCOUNT = { email: 'reviewer4@akuafo.demo', password: 'Akuafo#2026', initials: 'AF', name: 'Akosua Frimpong' };

let context: BrowserContext;

/** The raw e-mails the server wrote to its spool, soft line breaks undone. */
function spooledMails(): string[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
}

async function waitForMails(token: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = spooledMails().filter((m) => m.includes(token));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Opens a page and waits until its lazy chunk has rendered the page's heading. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(baseUrl + path);
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
}

/** Serious and critical axe-core violations on the page as it is now. */
async function seriousViolations(page: Page) {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: any[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n: any) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

describe.skipIf(!baseUrl)('navigation, footer and information pages', () => {
  beforeAll(async () => {
    context = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('opens the mobile menu from the keyboard and follows its links and the footer', async () => {
    const page = await context.newPage();
    await open(page, '/');
    // The bar's live part (cart count, account) arrives after the prerendered first paint.
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    // The bar takes the live state in a transition: the count can follow the menu by a moment.
    await menu.getByRole('link', { name: 'Cart (0 items)' }).waitFor();
    const labels = await menu.getByRole('link').allTextContents();
    expect(labels).toEqual(['Home', 'Products', 'Prices', 'Contact', 'Cart (0 items)']);
    // No Track Order, and no avatar, for a visitor; Sign In instead.
    expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await menu.waitFor({ state: 'hidden' });

    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    for (const [link, heading] of [
      ['FAQ', 'Frequently Asked Questions'],
      ['Shipping & Refunds Policy', 'Shipping & Returns'],
      ['About Us', 'About Us'],
      ['Blog', 'Blog'],
      ['Terms of Service', 'Terms of Service'],
      ['Privacy Policy', 'Privacy Policy'],
    ]) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    }
    await page.goto(`${baseUrl}/help`);
    await page.waitForURL(`${baseUrl}/faq`);
    await page.goto(`${baseUrl}/support`);
    await page.waitForURL(`${baseUrl}/contact`);
    await page.close();
  });

  it('badges the cart with the number of items (quantities), hidden at zero', async () => {
    const page = await context.newPage();
    await open(page, '/');
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    // Two distinct products, five pieces in all: the badge counts rows, not pieces.
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('akuafo-market');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction('cart', 'readwrite');
      const row = { imageUrl: null, price: 10, updatedAt: new Date().toISOString() };
      tx.objectStore('cart').put({ ...row, productId: 900001, quantity: 3, name: 'Test yam' });
      tx.objectStore('cart').put({ ...row, productId: 900002, quantity: 2, name: 'Test maize' });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    });
    await page.reload();
    await page.getByTestId('cart-badge').waitFor();
    // Items are quantities (3 + 2), as the cart page counts them.
    expect(await page.getByTestId('cart-badge').textContent()).toBe('5');
    expect(await page.getByRole('link', { name: 'Cart, 5 items' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Cart (5 items)' }).waitFor();
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const req = indexedDB.open('akuafo-market');
        req.onsuccess = () => resolve(req.result);
      });
      const tx = db.transaction('cart', 'readwrite');
      tx.objectStore('cart').clear();
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    });
    await page.close();
  });

  it('shows the signed-in avatar menu, works it with the keyboard, closes it outside, and signs out', async () => {
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, ACCOUNT.email, ACCOUNT.password);
    await open(page, '/about');
    const avatar = page.getByRole('button', { name: `account menu for ${ACCOUNT.name}` });
    expect(await avatar.getByTestId('avatar-initials').textContent()).toBe(ACCOUNT.initials);
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    await avatar.focus();
    await page.keyboard.press('Enter');
    expect(await avatar.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText(ACCOUNT.email, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(ACCOUNT.name, { exact: true }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Profile');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('My Orders');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Settings');
    await page.keyboard.press('Tab');
    // Chromium offers to install the app (beforeinstallprompt) once it finds it installable,
    // which may or may not have happened yet: then the menu has "Install app" here.
    if ((await focusedText(page)) === 'Install app') await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Sign out');
    await page.keyboard.press('Escape');
    expect(await avatar.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    expect(await focusedText(page)).toContain(`account menu for ${ACCOUNT.name}`);

    // Arrow down opens it and moves into it; a click elsewhere closes it.
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Profile');
    await page.mouse.click(10, 600);
    expect(await avatar.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'My Orders' }).isVisible()).toBe(false);

    // Track Order is offered to signed-in users.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Track Order' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link').allTextContents()).toEqual([
      'Home', 'Products', 'Prices', 'Track Order', 'Contact', 'Cart (0 items)',
    ]);
    await page.keyboard.press('Escape');

    await avatar.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('opens and closes FAQ categories and questions with the keyboard', async () => {
    const page = await context.newPage();
    await open(page, '/faq');
    const category = (name: string) => page.locator('details', { has: page.getByRole('heading', { level: 2, name, exact: true }) });
    const isOpen = (name: string) => category(name).evaluate((el) => (el as HTMLDetailsElement).open);
    expect(await isOpen('Ordering & Payment')).toBe(true);
    for (const name of ['Shipping & Delivery', 'Products & Quality', 'Returns & Refunds', 'Account & Orders']) {
      expect(await isOpen(name)).toBe(false);
    }
    await category('Shipping & Delivery').locator('summary').first().focus();
    await page.keyboard.press('Enter');
    expect(await isOpen('Shipping & Delivery')).toBe(true);
    // The first question of the category is the next stop for Tab; Space opens it.
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('How long does it take to process my order?');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('What shipping options are there?');
    await page.keyboard.press(' ');
    const answer = page.getByText(/Standard: 5 to 7 business days; Express: 2 to 3 business days; Next day/);
    expect(await answer.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await answer.isVisible()).toBe(false);

    const text = await page.locator('main').textContent();
    for (const fact of ['within 24 hours of placing it', 'within 30 days of delivery', 'within 48 hours', '24 to 48 hours']) {
      expect(text).toContain(fact);
    }
    expect(await page.getByRole('link', { name: 'Contact us', exact: true }).getAttribute('href')).toBe('/contact');
    await page.close();
  });

  it('lists the blog articles and opens each one', async () => {
    const page = await context.newPage();
    await open(page, '/blog');
    expect(await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(ARTICLES.map((a) => a.title));
    await page.getByRole('link', { name: ARTICLES[1].title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ARTICLES[1].title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/${ARTICLES[1].id}`);
    await open(page, '/blog/no-such-article');
    expect(await page.getByText('Oops! The page you are looking for does not exist.').isVisible()).toBe(true);
    await page.close();
  });

  it('checks the contact form, sends a message and confirms it', async () => {
    const page = await context.newPage();
    await open(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      // The form's rules load right after the first paint: the messages may take a moment.
      await page.getByText(message, { exact: true }).waitFor({ timeout: 10_000 });
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.getByLabel('Name', { exact: true }).fill('Ama Serwaa');
    expect(await page.getByText('Name is required').count()).toBe(0);
    await page.getByLabel('Email', { exact: true }).fill('ama@');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByText('Please enter a valid email address').isVisible()).toBe(true);

    const token = `online-${Date.now()}`;
    // The address carries the token, so the acknowledgement is found though it repeats none of the message (issue 21.8).
    await page.getByLabel('Email', { exact: true }).fill(`ama.serwaa.${token}@example.com`);
    await page.getByLabel('Subject', { exact: true }).fill('Question about cocoyam');
    await page.getByLabel('Message', { exact: true }).fill(`Do you have cocoyam in Koforidua? (${token})`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(CONTACT_SENT_MESSAGE).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    const mails = await waitForMails(token, 2);
    expect(mails.find((m) => /^To: support@/m.test(m))).toContain('Do you have cocoyam');
    const acknowledgement = mails.find((m) => /^To: ama\.serwaa\./m.test(m));
    expect(acknowledgement).toBeDefined();
    expect(acknowledgement).not.toContain('cocoyam');
    await page.close();
  });

  it('keeps a message written offline and sends it when the network returns', async () => {
    const page = await context.newPage();
    await open(page, '/contact');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await context.setOffline(true);
    try {
      await page.getByText('Offline', { exact: true }).waitFor();
      const token = `offline-${Date.now()}`;
      await page.getByLabel('Name', { exact: true }).fill('Kofi Adu');
      await page.getByLabel('Email', { exact: true }).fill(`kofi.adu.${token}@example.com`);
      await page.getByLabel('Subject', { exact: true }).fill('Written on the bus');
      await page.getByLabel('Message', { exact: true }).fill(`No network here, please answer later. (${token})`);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText(CONTACT_QUEUED_MESSAGE).waitFor();
      expect(spooledMails().filter((m) => m.includes(token))).toHaveLength(0);

      await context.setOffline(false);
      await page.getByText(CONTACT_SENT_MESSAGE).waitFor({ timeout: 30_000 });
      expect(await waitForMails(token, 2)).toHaveLength(2);
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  it('opens every information page offline after the first visit', async () => {
    const page = await context.newPage();
    await open(page, '/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await context.setOffline(true);
    try {
      for (const [path, heading] of [
        ['/contact', 'Contact Us'],
        ['/blog', 'Blog'],
        [`/blog/${ARTICLES[0].id}`, ARTICLES[0].title],
        ['/faq', 'Frequently Asked Questions'],
        ['/shipping-returns', 'Shipping & Returns'],
        ['/about', 'About Us'],
        ['/terms', 'Terms of Service'],
        ['/privacy', 'Privacy Policy'],
      ]) {
        await page.goto(baseUrl + path);
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 15_000 });
        // The bar's live part (the offline pill among it) arrives after the first paint.
        await page.getByText('Offline', { exact: true }).waitFor({ timeout: 10_000 });
      }
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  it('passes axe-core with no serious or critical violations', async () => {
    const page = await context.newPage();
    const paths = ['/', '/products', '/contact', '/blog', `/blog/${ARTICLES[0].id}`, '/faq', '/about', '/shipping-returns', '/terms', '/privacy', '/no-such-page'];
    const report: Record<string, unknown> = {};
    for (const path of paths) {
      await open(page, path);
      await page.waitForLoadState('networkidle');
      const found = await seriousViolations(page);
      if (found.length) report[path] = found;
    }
    // The contact form with its error messages showing, and the menus open.
    await open(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const withErrors = await seriousViolations(page);
    if (withErrors.length) report['/contact (errors, menu open)'] = withErrors;
    expect(report).toEqual({});
    await page.close();
  });
});
