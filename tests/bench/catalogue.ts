import 'fake-indexeddb/auto';
import { gunzipSync } from 'node:zlib';
import { createApiClient } from '../../src/local/api';
import { pullCatalogue } from '../../src/local/catalogue';
import { queryLocalProducts } from '../../src/local/catalogue-query';
import { AkuafoDb } from '../../src/local/db';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { now } from '../../src/server/platform/db';
import { productQuerySchema, type ProductQueryInput } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { startTestServer } from '../support/server';

/**
 * The catalogue at scale: 10,000 products on the server. Prints the bytes on the wire
 * (gzip, as the app serves them) and the time of a first full pull into IndexedDB, the
 * bytes of a delta after 10 products change and of an unchanged check (304), the time of a
 * search-as-you-type query on the phone's mirror, and the server's list query times.
 */
const PRODUCTS = 10_000;
const server = await startTestServer({ seed: false });
const db = server.deps.db;

let started = performance.now();
await generateCatalogue(server.deps, server.deps.storage, PRODUCTS);
const fillMs = performance.now() - started;

// --- The phone: counts what crosses the wire (gzip) and inflates it, as a browser does. ---
let wireBytes = 0;
let plainBytes = 0;
let requests = 0;
const gzipFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  request.headers.set('Accept-Encoding', 'gzip');
  const response = await server.fetch(request);
  const body = new Uint8Array(await response.arrayBuffer());
  wireBytes += body.byteLength;
  requests += 1;
  const headers = new Headers(response.headers);
  const gzipped = headers.get('content-encoding') === 'gzip';
  headers.delete('content-encoding');
  const plain = gzipped ? gunzipSync(body) : body;
  plainBytes += plain.byteLength;
  return new Response(response.status === 304 || response.status === 204 ? null : plain, { status: response.status, headers });
}) as typeof fetch;
const api = createApiClient({ origin: 'http://test.local', fetch: gzipFetch });
const phone = new AkuafoDb('bench-phone');

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const reset = () => {
  wireBytes = 0;
  plainBytes = 0;
  requests = 0;
};

started = performance.now();
const full = await pullCatalogue(api, phone);
const fullMs = performance.now() - started;
const fullBytes = wireBytes;
const fullPlain = plainBytes;
const fullRequests = requests;

reset();
await pullCatalogue(api, phone); // learns the ETag for the new cursor
reset();
await pullCatalogue(api, phone);
const unchangedBytes = wireBytes;
const unchangedRequests = requests;

const changed = await db.selectFrom('products').select('id').orderBy('id').limit(10).offset(1234).execute();
await db.transaction().execute(async (trx) => {
  for (const { id } of changed) {
    await trx.updateTable('products').set({ stock_quantity: 7, version: await nextCatalogueVersion(trx), updated_at: now() }).where('id', '=', id).execute();
  }
});
reset();
started = performance.now();
const delta = await pullCatalogue(api, phone);
const deltaMs = performance.now() - started;
const deltaBytes = wireBytes;

// --- Search as you type on the mirror: "m", "ma", "mai", timed per keystroke. -------------
const query = (input: ProductQueryInput) => {
  const parsed = parseWith(productQuerySchema, input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timeLocal(input: ProductQueryInput, runs = 7) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    total = (await queryLocalProducts(query(input), phone)).pagination.totalCount;
    times.push(performance.now() - t);
  }
  return { ms: median(times), total };
}
// The first query after a pull rebuilds the in-memory index from IndexedDB.
const t0 = performance.now();
await queryLocalProducts(query({ search: 'm' }), phone);
const firstQueryMs = performance.now() - t0;
const typed = [];
for (const term of ['m', 'ma', 'mai']) typed.push({ term, ...(await timeLocal({ search: term })) });
const filteredLocal = await timeLocal({ search: 'mai', category: 'Grains', sortBy: 'price', sortDir: 'asc' });

async function timeServer(qs: string, runs = 15) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await server.call(`/products?${qs}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  return median(times);
}
const serverQueries = ['', 'page=400', 'search=mai', 'category=Grains&sortBy=price&sortDir=asc', 'minPrice=100&maxPrice=2000&sortBy=name&sortDir=asc', 'location=Ashanti&condition=organic'];
const serverTimes = [];
for (const qs of serverQueries) serverTimes.push({ qs: qs || '(defaults)', ms: await timeServer(qs) });

console.log(`Server filled with ${PRODUCTS.toLocaleString('en')} products in ${ms(fillMs)}`);
console.log('First full pull into IndexedDB (fake-indexeddb):');
console.log(`  ${full.changed.toLocaleString('en')} products, ${fullRequests} requests, ${kib(fullBytes)} on the wire (gzip; ${kib(fullPlain)} of JSON), ${ms(fullMs)}`);
console.log(`Unchanged catalogue: ${unchangedRequests} request, ${unchangedBytes} bytes (304)`);
console.log(`Delta after 10 products changed: ${delta.changed} products, ${kib(deltaBytes)} on the wire, ${ms(deltaMs)}`);
console.log(`Local search: first query after a pull (reads the mirror into memory): ${ms(firstQueryMs)}`);
console.log('Local search as you type (queryLocalProducts, page 1 of 20, median of 7):');
for (const t of typed) console.log(`  "${t.term}": ${ms(t.ms)} (${t.total.toLocaleString('en')} matches)`);
console.log(`  "mai" + category Grains, by price: ${ms(filteredLocal.ms)} (${filteredLocal.total} matches)`);
console.log('Server GET /products at 10,000 products (median of 15, in-process, SQLite):');
for (const t of serverTimes) console.log(`  ${t.qs.padEnd(52)} ${ms(t.ms)}`);

phone.close();
await server.close();
