import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/http/context';
import { securityHeaders, securityHeaderValues } from '../../src/server/http/security';
import { staticRoutes } from '../../src/server/http/static';
import { preloadsFor, ROUTE_PRELOADS_FILE, type RoutePreload } from '../../src/shared/route-preloads';

const ROUTES: RoutePreload[] = [
  { path: '/products', files: ['/assets/ProductsPage-a.js', '/assets/db-b.js'] },
  { path: '/product/:id', files: ['/assets/ProductDetailPage-c.js', '/assets/db-b.js'] },
];

describe('route preloads', () => {
  it('match a request path to its route, query and trailing slash aside', () => {
    expect(preloadsFor('/products', ROUTES)).toEqual(ROUTES[0].files);
    expect(preloadsFor('/products/', ROUTES)).toEqual(ROUTES[0].files);
    expect(preloadsFor('/product/25', ROUTES)).toEqual(ROUTES[1].files);
    expect(preloadsFor('/product/25/reviews', ROUTES)).toEqual([]);
    expect(preloadsFor('/productsx', ROUTES)).toEqual([]);
  });

  it('are named in the shell sent for that page, and only there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'akuafo-static-'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body>home</body></html>');
    writeFileSync(join(dir, 'shell.html'), '<html><head><title>Akuafo</title><template id="app-chunks"></template></head><body>shell</body></html>');
    writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(ROUTES));
    const app = staticRoutes(dir);
    const html = async (path: string) => (await app.request(`http://test.local${path}`)).text();

    const products = await html('/products?category=Grains');
    expect(products).toContain('<template id="app-chunks"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ProductsPage-a.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/db-b.js"></template></head>');
    expect(await html('/product/25')).toContain('href="/assets/ProductDetailPage-c.js"');
    expect(await html('/about')).toBe('<html><head><title>Akuafo</title><template id="app-chunks"></template></head><body>shell</body></html>');
    expect(await html('/')).toBe('<html><head></head><body>home</body></html>');
  });
});

describe('security headers by what is answered', () => {
  it('gives documents and the worker every policy, and a file a page loads only nosniff and same-origin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'akuafo-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body>home</body></html>');
    writeFileSync(join(dir, 'index.ak.html'), '<html><head></head><body>fie</body></html>');
    writeFileSync(join(dir, 'shell.html'), '<html><head></head><body>shell</body></html>');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dir, 'assets', 'client-abcdefgh.js'), 'export const x = 1;');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
    const values = securityHeaderValues({ paystack: undefined, publicUrl: 'https://akuafo.example' });
    const app = new Hono<AppEnv>().use('*', securityHeaders(values)).route('/', staticRoutes(dir));
    const headersOf = async (path: string) => {
      const res = await app.request(`http://test.local${path}`);
      expect(res.status, path).toBe(200);
      return res.headers;
    };
    for (const document of ['/', '/about', '/index.ak.html', '/shell.html', '/sw.js']) {
      const headers = await headersOf(document);
      expect(headers.get('content-security-policy'), document).toContain("script-src 'self'");
      expect(headers.get('x-frame-options'), document).toBe('DENY');
    }
    for (const file of ['/assets/client-abcdefgh.js', '/manifest.webmanifest']) {
      const headers = await headersOf(file);
      expect(headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(headers.get('cross-origin-resource-policy'), file).toBe('same-origin');
      expect(headers.get('strict-transport-security'), file).toContain('max-age=');
      expect(headers.get('content-security-policy'), file).toBeNull();
      expect(headers.get('permissions-policy'), file).toBeNull();
    }
  });
});
