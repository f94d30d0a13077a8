import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLine, type Line } from '../bench/tools/line-proxy';

/** The bench's slow line (tests/bench/tools/line-proxy.ts): what it counts, for whom, and how fast it lets bytes through. */
const BODY = 'x'.repeat(20_000);
let app: Server;
let line: Line;

beforeAll(async () => {
  app = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url === '/small' ? 'ok' : BODY));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  // 160 kbit/s: 20 KB takes a second.
  line = await startLine(`http://127.0.0.1:${(app.address() as AddressInfo).port}`, { latencyMs: 100, bitsPerSecond: 160_000 });
});
afterAll(async () => {
  await line.close();
  await new Promise((resolve) => app.close(resolve));
});

const bytesOf = (kind: 'page' | 'worker') => line.arrivals.filter((a) => a.kind === kind).reduce((n, a) => n + a.bytes, 0);

describe('the bench’s slow line', () => {
  it('passes the answer whole, counting its body and headers for the page or the service worker', async () => {
    line.reset();
    const page = await fetch(`${line.origin}/big`, { headers: { referer: `${line.origin}/` } });
    expect(await page.text()).toBe(BODY);
    expect(bytesOf('page')).toBeGreaterThan(BODY.length);
    expect(bytesOf('page')).toBeLessThan(BODY.length + 400);
    expect(bytesOf('worker')).toBe(0);

    await (await fetch(`${line.origin}/small`, { headers: { referer: `${line.origin}/sw.mjs` } })).text();
    await (await fetch(`${line.origin}/small`, { headers: { 'service-worker': 'script' } })).text();
    const worker = line.arrivals.filter((a) => a.kind === 'worker');
    expect(new Set(worker.map((a) => a.path))).toEqual(new Set(['/small']));
    expect(bytesOf('worker')).toBeGreaterThan(2 * 'ok'.length);
  });

  it('shares one downstream: two answers at once take as long as their bytes together', async () => {
    line.reset();
    const started = Date.now();
    await Promise.all([1, 2].map(async () => (await fetch(`${line.origin}/big`)).text()));
    // 40 KB at 20 KB a second, after one round trip of 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });
});
