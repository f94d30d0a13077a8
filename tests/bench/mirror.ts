import 'fake-indexeddb/auto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { toLocalProduct } from '../../src/local/catalogue';
import { localRelated } from '../../src/local/catalogue-detail';
import { localCategories, localShelf, queryLocalProducts } from '../../src/local/catalogue-query';
import { AkuafoDb, setMeta } from '../../src/local/db';
import { packPictureUrls } from '../../src/local/packs';
import { storageReport } from '../../src/local/storage';
import { CATEGORIES, CONDITIONS, GHANA_REGIONS } from '../../src/shared/catalogue';
import { productQuerySchema, type Product, type ProductQueryInput } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';

/**
 * The phone's mirror at 10,000 products (issue 15, small phones): the time of each query
 * the list and search screens make, the memory the in-memory query copy takes, and the
 * offline-pack and storage-report work at that size. fake-indexeddb stands in for the
 * browser's IndexedDB, so absolute times are indicative; the ratios are what matter.
 */
const PRODUCTS = 10_000;
const ITEMS = ['Maize', 'Rice', 'Yam', 'Cassava', 'Plantain', 'Tomatoes', 'Pepper', 'Onions', 'Okra', 'Garden Eggs', 'Mango', 'Goat', 'Guinea Fowl', 'NPK Fertilizer', 'Cutlass'];

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function product(n: number): Product {
  const key = (n % 400).toString(16).padStart(24, '0');
  const created = new Date(Date.now() - n * 60_000).toISOString();
  return {
    id: n + 1,
    name: `${ITEMS[n % ITEMS.length]} lot #${n}`,
    description: `${ITEMS[n % ITEMS.length]} from ${GHANA_REGIONS[n % 16]} farms, graded and packed for buyers across Ghana.`,
    price: 5 + ((n * 7919) % 9000),
    currency: 'GHS',
    category: CATEGORIES[n % CATEGORIES.length],
    condition: CONDITIONS[n % 3],
    region: GHANA_REGIONS[(n * 5) % 16],
    stockQuantity: n % 50,
    isActive: n % 97 !== 0,
    isFeatured: n % 50 === 0,
    discountPercentage: n % 40 === 0 ? 10 : null,
    oldPrice: n % 45 === 0 ? 10_000 : null,
    weeklySpecial: n % 45 === 0,
    imagesUrls: [`/media/products/${key}/640.webp`],
    images: [{ id: n + 1, width: 640, height: 480, urls: { 320: `/media/products/${key}/320.webp`, 640: `/media/products/${key}/640.webp`, 1280: `/media/products/${key}/1280.webp` } }],
    rating: { average: null, count: 0 },
    sellerName: 'Bench Farms',
    createdAt: created,
    updatedAt: created,
    version: n + 1,
  };
}

const db = new AkuafoDb('bench-mirror');
let started = performance.now();
const all = Array.from({ length: PRODUCTS }, (_, n) => toLocalProduct(product(n)));
for (let i = 0; i < all.length; i += 1000) await db.products.bulkPut(all.slice(i, i + 1000));
await setMeta('catalogue.cursor', PRODUCTS, db);
const fillMs = performance.now() - started;
all.length = 0;

const query = (input: ProductQueryInput) => {
  const parsed = parseWith(productQuerySchema, input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(run: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return median(times);
}

const before = heap();
started = performance.now();
await queryLocalProducts(query({}), db);
const firstMs = performance.now() - started;
const snapshotBytes = heap() - before;

const rows: [string, number][] = [
  ['/products page 1 (newest first)', await time(() => queryLocalProducts(query({}), db))],
  ['/products page 400', await time(() => queryLocalProducts(query({ page: '400' }), db))],
  ['/products category + price sort', await time(() => queryLocalProducts(query({ category: 'Grains', sortBy: 'price', sortDir: 'asc' }), db))],
  ['/products filters (region, condition, price)', await time(() => queryLocalProducts(query({ location: 'Ashanti', condition: 'organic', minPrice: '100', maxPrice: '2000' }), db))],
  ['search "m" (many matches)', await time(() => queryLocalProducts(query({ search: 'm' }), db))],
  ['search "garden eggs volta"', await time(() => queryLocalProducts(query({ search: 'garden eggs volta' }), db))],
  ['category tabs (localCategories)', await time(() => localCategories(db))],
  ['home shelf (featured)', await time(() => localShelf('featured', 12, db))],
  ['related products of one product', await time(() => localRelated({ id: 5, category: CATEGORIES[4] }, db))],
  ['offline pack plan: one category', await time(() => packPictureUrls('Grains', 320, db), 3)],
  ['offline pack plan: everything', await time(() => packPictureUrls(null, 320, db), 3)],
  ['settings storage report (measures the mirror)', await time(() => storageReport(db, undefined, undefined), 3)],
];

console.log(`Mirror filled with ${PRODUCTS.toLocaleString('en')} products in ${ms(fillMs)} (fake-indexeddb)`);
console.log(`First query after a pull (reads the mirror into memory): ${ms(firstMs)}`);
console.log(`Memory of the in-memory query copy: ${mib(snapshotBytes)} (${Math.round(snapshotBytes / PRODUCTS)} bytes a product)`);
console.log('Median times at 10,000 products:');
for (const [label, t] of rows) console.log(`  ${label.padEnd(48)} ${ms(t)}`);
console.log(`Heap in use after the run: ${mib(heap())}`);
db.close();
