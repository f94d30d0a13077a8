import { paginate, type Page } from '../shared/pagination';
import type { ProductQuery } from '../shared/schemas/catalogue';
import { matchesSearch, namesEveryWord, searchWords } from '../shared/search';
import { toMinor } from '../shared/money';
import { getMeta, localDb, type AkuafoDb, type LocalProduct } from './db';
import { MIRROR_GENERATION_KEY } from './mirror-scope';

/**
 * What a query looks at, for every listed product, kept in memory: reading 10,000 products
 * out of IndexedDB on every keystroke is far too slow on a cheap phone, and this slim copy
 * is a few hundred bytes a product. Only a pull changes the mirror, and every pull that
 * changes it moves the cursor, so the cursor says when the copy is stale.
 */
interface Entry {
  id: number;
  haystack: string;
  category: string;
  condition: string;
  region: string;
  checked: boolean;
  priceMinor: number;
  nameKey: string;
  createdAt: string;
  updatedAt: string;
  isFeatured: boolean;
  discounted: boolean;
  special: boolean;
}

interface Snapshot {
  cursor: string;
  entries: Entry[];
}

const snapshots = new WeakMap<AkuafoDb, Promise<Snapshot>>();

function entryOf(p: LocalProduct): Entry {
  return {
    id: p.id,
    haystack: p.haystack,
    category: p.category,
    condition: p.condition,
    region: p.region,
    checked: (p.quality?.checkedLots ?? 0) > 0,
    priceMinor: toMinor(p.price),
    // SQL's lower() folds ASCII letters only; do the same so names sort alike on both sides.
    nameKey: p.name.replace(/[A-Z]/g, (c) => c.toLowerCase()),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    isFeatured: p.isFeatured,
    discounted: (p.discountPercentage ?? 0) > 0 && !p.weeklySpecial,
    special: p.oldPrice !== null && p.weeklySpecial === true,
  };
}

/** The listed products' slim copy, rebuilt when the mirror's cursor moved. */
async function listedEntries(db: AkuafoDb): Promise<Entry[]> {
  // Listings dropped for the scope or the budget move the generation, not the cursor.
  const cursor = `${await getMeta<number>('catalogue.cursor', db)}:${await getMeta<number>(MIRROR_GENERATION_KEY, db)}`;
  let snapshot = snapshots.get(db);
  if (!snapshot || (await snapshot).cursor !== cursor) {
    snapshot = (async () => {
      const entries: Entry[] = [];
      await db.products.each((p) => {
        if (p.isActive) entries.push(entryOf(p));
      });
      return { cursor, entries };
    })();
    snapshots.set(db, snapshot);
    snapshot.catch(() => snapshots.delete(db));
  }
  return (await snapshot).entries;
}

async function load(ids: number[], db: AkuafoDb): Promise<LocalProduct[]> {
  return (await db.products.bulkGet(ids)).filter((p): p is LocalProduct => p !== undefined);
}

/**
 * GET /products answered from the mirror: the same filters, order and pages as the server
 * (src/server/modules/catalogue/service.ts), so the screens behave the same offline.
 */
export async function queryLocalProducts(query: ProductQuery, db: AkuafoDb = localDb): Promise<Page<LocalProduct>> {
  const words = searchWords(query.search);
  const min = query.minPrice === undefined ? undefined : toMinor(query.minPrice);
  const max = query.maxPrice === undefined ? undefined : toMinor(query.maxPrice);
  const matches = (await listedEntries(db)).filter(
    (p) =>
      (!query.category || p.category === query.category) &&
      (!query.condition || p.condition === query.condition) &&
      (!query.location || p.region === query.location) &&
      (!query.checked || p.checked) &&
      (min === undefined || p.priceMinor >= min) &&
      (max === undefined || p.priceMinor <= max) &&
      matchesSearch(p.haystack, words),
  );
  // relevance: names holding every word at a word's start first, each rank newest first (service.ts).
  const relevance = query.sortBy === 'relevance';
  const dir = query.sortDir === 'asc' && !relevance ? 1 : -1;
  const key = (p: Entry): number | string => (query.sortBy === 'price' ? p.priceMinor : query.sortBy === 'name' ? p.nameKey : p.createdAt);
  const rank = new Map<number, number>();
  if (relevance && words.length > 0) for (const p of matches) rank.set(p.id, namesEveryWord(p.nameKey, words) ? 0 : 1);
  matches.sort((a, b) => {
    const ra = rank.get(a.id) ?? 0;
    const rb = rank.get(b.id) ?? 0;
    if (ra !== rb) return ra - rb;
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
    return (a.id - b.id) * dir;
  });
  const start = (query.page - 1) * query.limit;
  const page = await load(matches.slice(start, start + query.limit).map((p) => p.id), db);
  return { data: page, pagination: paginate(query.page, query.limit, matches.length) };
}

export type Shelf = 'featured' | 'discounted' | 'weekly-specials';

/** The home page's shelves from the mirror, as /products/{shelf} orders them. */
export async function localShelf(shelf: Shelf, limit = 12, db: AkuafoDb = localDb): Promise<LocalProduct[]> {
  const all = (await listedEntries(db)).filter((p) => (shelf === 'featured' ? p.isFeatured : shelf === 'discounted' ? p.discounted : p.special));
  all.sort((a, b) => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1));
  return load(all.slice(0, limit).map((p) => p.id), db);
}

/** The category tabs from the mirror: every category with a listed product, A to Z. */
export async function localCategories(db: AkuafoDb = localDb): Promise<{ name: string; productCount: number }[]> {
  const counts = new Map<string, number>();
  for (const p of await listedEntries(db)) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return [...counts].map(([name, productCount]) => ({ name, productCount })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Listed products of a product's category but itself: featured first, then newest first. */
export async function localSameCategory(product: { id: number; category: string }, limit: number, db: AkuafoDb = localDb): Promise<LocalProduct[]> {
  const same = (await listedEntries(db)).filter((p) => p.category === product.category && p.id !== product.id);
  same.sort((a, b) => Number(b.isFeatured) - Number(a.isFeatured) || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return load(same.slice(0, limit).map((p) => p.id), db);
}
