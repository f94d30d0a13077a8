import { paginate, type Page } from '../shared/pagination';
import type { ProductQuery } from '../shared/schemas/catalogue';
import { matchesSearch, searchWords } from '../shared/search';
import { toMinor } from '../shared/money';
import { localDb, type AkuafoDb, type LocalProduct } from './db';

/**
 * GET /products answered from the mirror: the same filters, order and pages as the server
 * (src/server/modules/catalogue/service.ts), so the screens behave the same offline.
 */
export async function queryLocalProducts(query: ProductQuery, db: AkuafoDb = localDb): Promise<Page<LocalProduct>> {
  const words = searchWords(query.search);
  const min = query.minPrice === undefined ? undefined : toMinor(query.minPrice);
  const max = query.maxPrice === undefined ? undefined : toMinor(query.maxPrice);
  const matches = await db.products
    .filter((p) => {
      if (!p.isActive) return false;
      if (query.category && p.category !== query.category) return false;
      if (query.condition && p.condition !== query.condition) return false;
      if (query.location && p.region !== query.location) return false;
      const price = toMinor(p.price);
      if (min !== undefined && price < min) return false;
      if (max !== undefined && price > max) return false;
      return matchesSearch(p.haystack, words);
    })
    .toArray();
  const dir = query.sortDir === 'asc' ? 1 : -1;
  const key = (p: LocalProduct): number | string =>
    query.sortBy === 'price' ? toMinor(p.price) : query.sortBy === 'name' ? p.name.toLowerCase() : p.createdAt;
  matches.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
    return (a.id - b.id) * dir;
  });
  const start = (query.page - 1) * query.limit;
  return { data: matches.slice(start, start + query.limit), pagination: paginate(query.page, query.limit, matches.length) };
}

export type Shelf = 'featured' | 'discounted' | 'weekly-specials';

/** The home page's shelves from the mirror, as /products/{shelf} orders them. */
export async function localShelf(shelf: Shelf, limit = 12, db: AkuafoDb = localDb): Promise<LocalProduct[]> {
  const all = await db.products
    .filter((p) =>
      p.isActive &&
      (shelf === 'featured' ? p.isFeatured : shelf === 'discounted' ? (p.discountPercentage ?? 0) > 0 : p.oldPrice !== null),
    )
    .toArray();
  all.sort((a, b) => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1));
  return all.slice(0, limit);
}
