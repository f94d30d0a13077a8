import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { migrate, openDatabase } from '../../src/server/platform/db';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { createLogger } from '../../src/server/platform/logging';
import { createLocalStorage } from '../../src/server/platform/storage';
import { fillBigCatalogue } from '../support/big-catalogue';
import { browserAvailable, launchBrowser } from '../support/browser';
import { startNpm } from '../support/npm-start';

/**
 * npm run bench phone-sync (issue 25, item 4, as the issue measured it): a new buyer's phone in
 * headless Chromium against the real `npm start` over a national catalogue of BENCH_LISTINGS
 * (100,000) listings, twice: the issue's own (the benches' fillBigCatalogue: short templated
 * descriptions, one seller) and `npm run catalogue:generate`'s (varied descriptions, 5,000
 * sellers). The buyer opens /products, names their region once, and the phone pulls its scope.
 * Measured by the browser itself:
 * - bytes on the wire (Playwright's request sizes: headers and the body as sent, compressed as
 *   Chromium asked, which is brotli here), the page's and its service worker's, by kind: the
 *   catalogue sync, the rest of the API, the app (shell, scripts, precache) and pictures;
 * - what the origin stores afterwards (navigator.storage.estimate(): IndexedDB and Cache
 *   Storage apart), once the network has been quiet for a few seconds;
 * - offline, the search for "maize" in the buyer's region: what the saved listings note says.
 * `npm run bench first-sync` measures the same pull in-process on fake-indexeddb (gzip, and the
 * budget's variants); this one is the real browser's storage and wire.
 */
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const REGION = 'Central'; // a region where both catalogues list maize
const QUIET_MS = 3_000;
type Filler = 'fillBigCatalogue' | 'generator';

/** A new data folder holding LISTINGS listings made by one of the two fillers. */
async function catalogueFolder(filler: Filler): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-bench-phone-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'none', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' });
  const started = performance.now();
  if (filler === 'fillBigCatalogue') {
    const { deps, close } = await createDeps(config, createLogger('silent'));
    await fillBigCatalogue(deps, LISTINGS);
    await close();
  } else {
    const handle = await openDatabase({ databaseUrl: '', dataDir: config.dataDir });
    await migrate(handle);
    await generateCatalogue(handle, createLocalStorage(config.uploadsDir), LISTINGS);
    await handle.close();
  }
  console.log(`\n${filler}: ${LISTINGS.toLocaleString('en')} listings made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return dataDir;
}

type Kind = 'catalogue sync' | 'other API' | 'pictures' | 'app';
const kindOf = (path: string): Kind =>
  path.startsWith('/api/v1/sync/catalogue') ? 'catalogue sync' : path.startsWith('/api/') ? 'other API' : path.startsWith('/media/') ? 'pictures' : 'app';

/** Whether the page's mirror holds these meta values (IndexedDB, read directly). */
const metaHolds = (page: Page, wanted: Record<string, unknown>) =>
  page.evaluate(
    (expected) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('akuafo-market');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const store = open.result.transaction('meta').objectStore('meta');
          const values = Object.keys(expected).map(
            (key) =>
              new Promise<unknown>((done) => {
                const get = store.get(key);
                get.onsuccess = () => done(get.result?.value);
                get.onerror = () => done(undefined);
              }),
          );
          void Promise.all(values).then((got) => resolve(got.every((value, i) => value === Object.values(expected)[i])));
        };
      }),
    wanted,
  );

/** What the origin stores: Chromium's own estimate, and the mirror's listings. */
const storedByOrigin = (page: Page) =>
  page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: Record<string, number> };
    const listings = await new Promise<number>((resolve) => {
      const open = indexedDB.open('akuafo-market');
      open.onsuccess = () => {
        const count = open.result.transaction('products').objectStore('products').count();
        count.onsuccess = () => resolve(count.result);
      };
    });
    return { usage: estimate.usage ?? 0, indexedDB: estimate.usageDetails?.indexedDB ?? 0, caches: estimate.usageDetails?.caches ?? 0, listings };
  });

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A new buyer's first visit to `npm start` over the folder's catalogue, and what it cost them. */
async function newBuyer(dataDir: string): Promise<void> {
  const log = openSync(join(dataDir, 'bench-phone-sync.log'), 'a');
  const app = await startNpm({ DATA_DIR: dataDir, SEED: 'none', SEED_HISTORY: 'none', LOG_LEVEL: 'warn', DRAIN_DELAY_MS: '0' }, log);
  const context = await launchBrowser();
  const wire: Record<Kind, { bytes: number; requests: number }> = {
    'catalogue sync': { bytes: 0, requests: 0 },
    'other API': { bytes: 0, requests: 0 },
    pictures: { bytes: 0, requests: 0 },
    app: { bytes: 0, requests: 0 },
  };
  let lastRequestAt = Date.now();
  const counted: Promise<void>[] = [];
  // The service worker's own requests (precache, pictures) reach the context's events too.
  context.on('requestfinished', (request: Request) => {
    lastRequestAt = Date.now();
    counted.push(
      request.sizes().then(
        (sizes) => {
          const kind = wire[kindOf(new URL(request.url()).pathname)];
          kind.bytes += sizes.responseHeadersSize + Math.max(0, sizes.responseBodySize);
          kind.requests += 1;
        },
        () => undefined,
      ),
    );
  });
  try {
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${app.baseUrl}/products`);
    await page.getByText('Which region do you buy in?').waitFor({ timeout: 120_000 });
    await page.getByLabel('Your region').selectOption(REGION);
    await page.getByRole('button', { name: 'Keep this region' }).click();
    // The pull for the region: caught up, and the server said the mirror holds a part of Ghana.
    const pulled = { 'catalogue.scope': `${REGION}|`, 'catalogue.caughtUp': true, 'catalogue.scoped': true };
    while (!(await metaHolds(page, pulled))) {
      if (Date.now() - started > 300_000) throw new Error('The region\'s listings did not reach the phone within 5 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const caughtUp = (Date.now() - started) / 1000;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    while (Date.now() - lastRequestAt < QUIET_MS) await new Promise((r) => setTimeout(r, 250));
    await Promise.all(counted);
    const stored = await storedByOrigin(page);

    console.log(`Chromium, a new buyer, region ${REGION} named once, default budget: caught up ${caughtUp.toFixed(1)} s after opening /products`);
    for (const [kind, { bytes, requests }] of Object.entries(wire)) console.log(`  on the wire, ${kind}: ${kb(bytes)} in ${requests} requests`);
    console.log(`  stored: ${mb(stored.usage)} in all (IndexedDB ${mb(stored.indexedDB)}, Cache Storage ${mb(stored.caches)}); ${stored.listings.toLocaleString('en')} listings in the mirror`);

    await context.setOffline(true);
    try {
      await page.goto(`${app.baseUrl}/products?search=maize&location=${REGION}`);
      const note = page.getByTestId('saved-listings');
      await note.waitFor({ timeout: 30_000 });
      console.log(`  offline, "maize" in ${REGION}: ${await note.innerText()}`);
    } finally {
      await context.setOffline(false);
    }
  } finally {
    await context.close();
    await app.stop();
    closeSync(log);
  }
}

if (browserAvailable()) {
  for (const filler of ['fillBigCatalogue', 'generator'] as const) {
    const dataDir = await catalogueFolder(filler);
    try {
      await newBuyer(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
