import 'fake-indexeddb/auto';
import { brotliCompressSync, constants, gunzipSync } from 'node:zlib';
import { createApiClient } from '../../src/local/api';
import { pullCatalogue, toLocalProduct } from '../../src/local/catalogue';
import { queryLocalProducts } from '../../src/local/catalogue-query';
import { AkuafoDb } from '../../src/local/db';
import { setMirrorRegion } from '../../src/local/mirror-scope';
import { setDataSaver } from '../../src/local/settings';
import { storageReport } from '../../src/local/storage';
import { productQuerySchema, type CatalogueDelta } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { fillBigCatalogue } from '../support/big-catalogue';
import { startTestServer } from '../support/server';

/**
 * A new phone's first catalogue sync at 100,000 listings (issue 25, item 4): bytes on the wire
 * (gzip, as the app serves them) and what the phone stores after it (the mirror's rows as
 * JSON, as Settings measures them; IndexedDB's own overhead comes on top: Chromium stored
 * 145 MB for the 81 MB of JSON of the whole catalogue, about 1.8 times). Before: an older
 * client, which asks for the whole catalogue. After: a phone that chose its region, with the
 * default budget and with Data saver; and one that has not chosen yet (shelves only).
 */
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const REGION = 'Central'; // one of the generated catalogue's regions with maize
const server = await startTestServer({ seed: false });
let started = performance.now();
await fillBigCatalogue(server.deps, LISTINGS);
console.log(`Server filled with ${LISTINGS.toLocaleString('en')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s (SQLite)`);

let wire = 0;
let wireBr = 0;
let requests = 0;
const gzipFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  request.headers.set('Accept-Encoding', 'gzip');
  const response = await server.fetch(request);
  const body = new Uint8Array(await response.arrayBuffer());
  wire += body.byteLength;
  requests += 1;
  const headers = new Headers(response.headers);
  const gzipped = headers.get('content-encoding') === 'gzip';
  headers.delete('content-encoding');
  const plain = gzipped ? gunzipSync(body) : body;
  // What a browser asking for brotli gets (the server's quality 9), for comparison.
  if (response.status === 200) wireBr += brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).byteLength;
  return new Response(response.status === 304 ? null : plain, { status: response.status, headers });
}) as typeof fetch;
const api = createApiClient({ origin: 'http://test.local', fetch: gzipFetch });
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const json = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

// Before: the whole catalogue, as an older client asks for it (pages read, not stored: the
// stored figure is the JSON the mirror would hold).
wire = 0;
wireBr = 0;
requests = 0;
let storedBefore = 0;
let held = 0;
started = performance.now();
for (let since = 0; ; ) {
  const { data } = await api.get<{ data: CatalogueDelta }>('sync/catalogue', { searchParams: { since } });
  for (const p of data.products) storedBefore += json(toLocalProduct(p));
  held += data.products.length;
  since = data.cursor;
  if (!data.hasMore) break;
}
console.log(`Before (whole catalogue): ${held.toLocaleString('en')} listings, ${requests} requests, ${mb(wire)} on the wire (gzip; ${mb(wireBr)} brotli), ${mb(storedBefore)} of mirror JSON (~${mb(storedBefore * 1.8)} in IndexedDB), ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function newPhone(label: string, setup: (db: AkuafoDb) => Promise<void>) {
  const db = new AkuafoDb(`bench-${label}`);
  await setup(db);
  wire = 0;
  wireBr = 0;
  requests = 0;
  const t = performance.now();
  const result = await pullCatalogue(api, db);
  const seconds = (performance.now() - t) / 1000;
  const pullWire = wire;
  const pullBr = wireBr;
  const pullRequests = requests;
  const stored = (await storageReport(db, undefined, undefined)).parts.catalogue + json(await db.meta.toArray());
  const parsed = parseWith(productQuerySchema, { search: 'maize', location: REGION });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const maize = (await queryLocalProducts(parsed.value, db)).pagination.totalCount;
  console.log(
    `After, ${label}: ${pullRequests} requests, ${kb(pullWire)} on the wire (gzip; ${kb(pullBr)} brotli), ${result.changed.toLocaleString('en')} listings received, ${result.evicted.toLocaleString('en')} evicted for the budget, ` +
      `${(await db.products.count()).toLocaleString('en')} kept, ${mb(stored)} stored (JSON; ~${mb(stored * 1.8)} in IndexedDB), offline "maize" in ${REGION}: ${maize}, ${seconds.toFixed(1)} s`,
  );
  db.close();
}
await newPhone(`region ${REGION}, default budget`, (db) => setMirrorRegion(REGION, db));
await newPhone(`region ${REGION}, Data saver`, async (db) => {
  await setMirrorRegion(REGION, db);
  await setDataSaver(true, db);
});
await newPhone('no region chosen yet (shelves only)', (db) => setDataSaver(false, db));
await server.close();
