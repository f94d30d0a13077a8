import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { createLogger } from '../../src/server/platform/logging';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { startNpm } from '../support/npm-start';
import { describeMemory, processTreeMemory } from '../support/process-memory';
import { CONNECTIONS, ROUNDS, SECONDS, sideBySide, startBare } from '../support/bench-http';

/**
 * npm run bench api: every public catalogue read of the real `npm start` against a bare Hono
 * route serving the same JSON gzipped once at start (what a static file server does), side
 * by side in one run: autocannon, 50 connections, Accept-Encoding gzip, in ROUNDS turns of
 * BENCH_SECONDS (2) a side, each side's figures the median of its turns, so a neighbour's load
 * on a shared machine weighs on both. Once on the demo catalogue, once on 10,000 products.
 * The target is a ratio of at least 0.40 with a p99 of at most 25 ms. It also prints the
 * resident memory of the `npm start` processes before and after the load (goal: the server
 * process at most 130 MB after it).
 */
const BIG = 10_000;

const routes = (productId: number) => [
  '/api/v1/products?page=1&limit=20',
  '/api/v1/products?category=Grains&sortBy=price&sortDir=asc&page=1&limit=20',
  '/api/v1/products?search=maize',
  '/api/v1/products/featured',
  `/api/v1/products/${productId}`,
  `/api/v1/products/${productId}/reviews`,
  '/api/v1/categories',
  '/api/v1/warehouses',
  '/api/v1/sync/catalogue',
  '/api/v1/market-prices',
  '/api/v1/market-prices?region=Ashanti',
  '/api/v1/market-prices/maize-50kg',
];

/** The newest "api cache" figures the server logged (its summary line), if it logs them. */
function cacheFigures(logFile: string): string {
  const lines = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('"apiCache"'));
  if (lines.length === 0) return 'the server reports no API cache';
  const { apiCache } = JSON.parse(lines[lines.length - 1]) as { apiCache: { entries: number; bytes: number; capBytes: number } };
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return `API cache: ${apiCache.entries} answers (gzip and brotli), ${kib(apiCache.bytes)} of a ${(apiCache.capBytes / 1024 / 1024).toFixed(0)} MiB cap`;
}

async function benchCatalogue(label: string, dataDir: string, env: Record<string, string>, productId: number) {
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const app = await startNpm({ DATA_DIR: dataDir, LOG_SUMMARY_SECONDS: '1', ...env }, log);
  const paths = routes(productId);
  const bodies: Record<string, string> = {};
  for (const path of paths) {
    const res = await fetch(app.baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    bodies[path] = await res.text();
  }
  const bare = await startBare(bodies, dataDir);
  const memoryBefore = describeMemory(processTreeMemory(app.child.pid!));
  try {
    // Untimed: both processes' JIT warms up before the first route is measured.
    for (const path of paths) await sideBySide(app.baseUrl + path, bare.baseUrl + path, 1, 1);
    console.log(`\n${label}: autocannon, ${CONNECTIONS} connections, Accept-Encoding gzip, median of ${ROUNDS} turns of ${SECONDS} s a side`);
    console.log('| route | Akuafo req/s | p99 | bare route, same bytes | ratio | gzip bytes |');
    console.log('|---|---|---|---|---|---|');
    for (const path of paths) {
      const [ours, theirs] = await sideBySide(app.baseUrl + path, bare.baseUrl + path);
      const ratio = ours.rps / theirs.rps;
      const met = ratio >= 0.4 && ours.p99 <= 25 ? '' : ' (short of target)';
      const failed = ours.failures ? ` (${ours.failures} failed)` : '';
      const gz = gzipSync(bodies[path]).byteLength;
      console.log(`| \`GET ${path}\` | ${Math.round(ours.rps).toLocaleString('en')}${failed} | ${ours.p99} ms | ${Math.round(theirs.rps).toLocaleString('en')} | ${ratio.toFixed(2)}${met} | ${gz.toLocaleString('en')} |`);
    }
    await new Promise((r) => setTimeout(r, 1500)); // one more summary line after the last run
    console.log(cacheFigures(logFile));
    console.log(`Resident memory before the load: ${memoryBefore}`);
    console.log(`Resident memory after the load: ${describeMemory(processTreeMemory(app.child.pid!))}`);
  } finally {
    bare.stop();
    await app.stop();
    closeSync(log);
  }
}

const demoDir = mkdtempSync(join(tmpdir(), 'akuafo-bench-api-'));
const bigDir = mkdtempSync(join(tmpdir(), 'akuafo-bench-api-big-'));
try {
  await benchCatalogue('Demo catalogue (84 products)', demoDir, { SEED: 'demo' }, 25);

  const config = loadConfig({ DATA_DIR: bigDir, SEED: 'none', DATABASE_URL: '' });
  const { deps, close } = await createDeps(config, createLogger('warn'));
  await generateCatalogue(deps, deps.storage, BIG);
  await close();
  await benchCatalogue(`${BIG.toLocaleString('en')} products`, bigDir, { SEED: 'none' }, BIG / 2);
} finally {
  rmSync(demoDir, { recursive: true, force: true });
  rmSync(bigDir, { recursive: true, force: true });
}
