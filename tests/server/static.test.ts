import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
