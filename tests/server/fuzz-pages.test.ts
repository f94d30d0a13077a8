import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { PAGE_HINT_COOKIES } from '../../src/shared/page-hints';
import { PAGE_DATA_OUTLET, PAGE_OUTLET, PAGE_TEMPLATE_FILE } from '../../src/shared/rendered-pages';
import { ROUTE_PRELOADS_FILE } from '../../src/shared/route-preloads';
import { isErrorShape } from '../support/attack';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21.15: page paths and static files join the fuzzing. Generated malformed paths
 * (broken percent-escapes, traversal, NUL, long and odd segments) and queries over the app's
 * pages (rendered ones included), the built files and unknown paths: no answer may be a 5xx,
 * every error is the one JSON shape, and nothing is logged as an error.
 */
const RUNS = 3_000;

let server: TestServer;
let app: ReturnType<typeof createApp>;
const logged: { level: number; msg: string; path?: string }[] = [];

/** A build folder like the real one: documents, the render template, hashed assets and the worker. */
function buildFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'akuafo-fuzz-pages-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'index.html'), '<html><head></head><body>home</body></html>');
  writeFileSync(join(dir, 'shell.html'), '<html><head><template id="app-chunks"></template></head><body>shell</body></html>');
  writeFileSync(join(dir, PAGE_TEMPLATE_FILE), `<html><head></head><body><div id="root">${PAGE_OUTLET}</div>${PAGE_DATA_OUTLET}</body></html>`);
  writeFileSync(join(dir, ROUTE_PRELOADS_FILE), JSON.stringify([{ path: '/products', files: ['/assets/ProductsPage-a1.js'] }, { path: '/product/:id', files: ['/assets/ProductDetailPage-b2.js'] }]));
  writeFileSync(join(dir, 'assets', 'index-c3.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-d4.css'), 'body{}');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch",()=>{})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dir, 'icons', 'icon-192.png'), 'png');
  return dir;
}

beforeAll(async () => {
  server = await startTestServer();
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  app = createApp({ ...server.deps, logger, config: { ...server.deps.config, staticDir: buildFolder() } });
});
afterAll(() => server.close());

const BASES = [
  '/', '/products', '/products/', '/product/1', '/product/2/', '/product/999999999999', '/product/', '/cart', '/faq', '/signin',
  '/sellers/me', '/sellers/me/add-product', '/admin', '/orders/1', '/checkout/success', '/settings', '/index.html', '/shell.html',
  `/${PAGE_TEMPLATE_FILE}`, `/${ROUTE_PRELOADS_FILE}`, '/sw.js', '/manifest.webmanifest', '/assets/index-c3.js', '/assets/index-d4.css',
  '/assets/', '/assets', '/icons/icon-192.png', '/icons/', '/favicon.ico', '/robots.txt', '/no/such/page', '/media/x.webp',
];
const brokenEscapes = fc.constantFrom('%E0%A4%A', '%', '%%', '%zz', '%E0%A4', '%C0%AF', '%FF', '%ED%A0%80', '%F4%90%80%80', '%2', '%u0041');
const segment = fc.oneof(
  brokenEscapes,
  fc.constantFrom('..', '.', '%2e%2e', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '..%2F..%2Fpackage.json', '%00', '%0A', '%0D%0A', '~', '', 'a'.repeat(3000), '%20', 'index.html', 'x.js', 'x.webp', '12', '-1', '1e309'),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9._~-]{0,12}$/),
);
const query = fc.oneof(
  fc.constant(''),
  fc.array(fc.tuple(fc.constantFrom('page', 'limit', 'search', 'category', 'condition', 'location', 'minPrice', 'maxPrice', 'sortBy', 'sortDir', 'x'), fc.oneof(segment, fc.integer().map(String))), { maxLength: 4 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  brokenEscapes.map((junk) => `?${junk}`),
);
const request = fc.record({
  base: fc.constantFrom(...BASES),
  extra: fc.array(segment, { maxLength: 3 }),
  query,
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT'),
  signedIn: fc.boolean(),
  dataSaver: fc.constantFrom(undefined, '0', '1', '%E0%A4%A'),
});

describe('page paths and static files, fuzzed', () => {
  it('answers a malformed path with a 400, not a 500, and logs no error', async () => {
    const res = await app.request('http://test.local/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(isErrorShape(await res.json())).toBe(true);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('a product id past what the database holds is "not found" (PostgreSQL\'s integer overflowed: 500)', async () => {
    expect((await app.request('http://test.local/api/v1/products/999999999999')).status).toBe(404);
    const page = await app.request('http://test.local/product/999999999999', { headers: { cookie: `${PAGE_HINT_COOKIES.signedIn}=1` } });
    expect(page.status).toBe(200);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });

  it(`${RUNS} generated paths: never a 5xx, errors in the JSON error shape, nothing logged as an error`, async () => {
    const seen = { rendered: 0, files: 0, shells: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = [r.base.replace(/\/$/, ''), ...r.extra].join('/') || '/';
        const cookies = [r.signedIn ? `${PAGE_HINT_COOKIES.signedIn}=1` : '', r.dataSaver !== undefined ? `${PAGE_HINT_COOKIES.dataSaver}=${r.dataSaver}` : ''].filter(Boolean).join('; ');
        const before = logged.length;
        const res = await app.request(`http://test.local${path}${r.query}`, { method: r.method, headers: cookies ? { cookie: cookies } : {} });
        const raw = await res.text();
        const where = `${r.method} ${path}${r.query} -> ${res.status} ${raw.slice(0, 200)}`;
        if (res.status >= 500) throw new Error(`5xx: ${where}`);
        const errors = logged.slice(before).filter((l) => l.level >= 50);
        if (errors.length) throw new Error(`logged "${errors[0].msg}": ${where}`);
        if (res.status >= 400 && r.method !== 'HEAD' && !isErrorShape(JSON.parse(raw))) throw new Error(`error body is not { message, code }: ${where}`);
        if (raw.includes('<div id="root"><')) seen.rendered++;
        else if (raw.includes('>shell<')) seen.shells++;
        else if (res.status === 200) seen.files++;
        else seen.refused++;
      }),
      { numRuns: RUNS },
    );
    // The fuzzing reached every kind of answer: pages rendered with data, the shell, files and refusals.
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(20);
  }, 300_000);
});
