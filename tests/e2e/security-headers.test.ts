import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { E2E_OPERATOR } from './global-setup';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;
const DEMO_PASSWORD = 'Akuafo#2026';

/** Every route of the app's route table, read from routes.tsx so a new screen is covered too. */
const ROUTES = [...readFileSync(new URL('../../src/web/app/routes.tsx', import.meta.url), 'utf8').matchAll(/page\('([^']+)'/g)]
  .map((m) => m[1]!.replace(/:[A-Za-z]+/g, '1'))
  .concat(['/no-such-page']);

const ROLES = {
  visitor: undefined,
  buyer: { email: 'buyer@akuafo.demo', password: DEMO_PASSWORD },
  seller: { email: 'seller@akuafo.demo', password: DEMO_PASSWORD },
  operator: E2E_OPERATOR,
} as const;

/** Collects every CSP violation the page reports, from the first script on, on every navigation. */
const LISTEN = `
  window.__csp = window.__csp || [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' on ' + location.pathname));
`;

const contexts = new Set<BrowserContext>();
afterAll(() => Promise.all([...contexts].map((context) => context.close())));

describe.skipIf(!baseUrl)('the Content-Security-Policy holds on every screen', () => {
  it('serves the app with the strict policy', async () => {
    const res = await fetch(`${baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script in index.html
  });

  // The four walks side by side, each in a browser of its own: a walk is mostly waiting for
  // each page's network to go quiet, so four at once take about the time of one or two.
  for (const [role, account] of Object.entries(ROLES)) {
    it.concurrent(`reports no violation on any of ${ROUTES.length} routes as ${role}`, async ({ expect }) => {
      const context = await launchBrowser();
      contexts.add(context);
      await context.addInitScript(LISTEN);
      const page = context.pages()[0] ?? (await context.newPage());
      const violations: string[] = [];
      page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`); });
      if (account) await signInThroughPage(page, baseUrl, account.email, account.password);
      if (!account) {
        // The control: a foreign image is reported, so silence below means no violation.
        await page.goto(`${baseUrl}/about`, { waitUntil: 'networkidle' });
        await page.evaluate(() => { const img = document.createElement('img'); img.src = 'https://evil.example/x.png'; document.body.append(img); });
        await expect.poll(() => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.splice(0).join())).toContain('img-src');
        violations.length = 0;
      }
      for (const route of ROUTES) {
        await page.goto(baseUrl + route, { waitUntil: 'networkidle', timeout: 30_000 });
        violations.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.splice(0))));
      }
      await context.close();
      contexts.delete(context);
      expect(violations).toEqual([]);
    }, 300_000);
  }
});
