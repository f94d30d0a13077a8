import { sql, type Selectable, type SqlBool } from 'kysely';
import { toMinor } from '../../../shared/money';
import { paginate, type Page } from '../../../shared/pagination';
import type { Product, ProductDetail, ProductQuery, Review } from '../../../shared/schemas/catalogue';
import { searchWords } from '../../../shared/search';
import type { DatabaseHandle, Db, Dialect } from '../../platform/db';
import { readCompiledRows } from '../../platform/db/read-rows';
import type { ProductsTable } from '../../platform/db/tables/catalogue';
import { notFound } from '../../http/errors';
import { toProducts } from './serialize';
import { reviewEligibility } from '../reviews';
import { onShelf, SHELF_SIZE } from './shelves';
import { countRowsUpTo } from '../../platform/db/paging';
import { isIndexable, matchesAllWords, nameWords, namesEveryWordSql, rankedKey } from './search';
import { CATALOGUE_COUNT_BOUND } from '../../../shared/catalogue';
import { searchPage } from './search-page';
import { termsSearchPage } from './search-terms';
import { createTermLookups } from './term-lookups';

export const REVIEWS_SHOWN = 100;

const RELATED_COUNT = 4;

/**
 * "You may also like": listed products of the same category, featured first, then the newest.
 * Read from products_related (migration 028) in that order; without it every product page
 * sorted its whole category (112 ms at a million listings on PostgreSQL).
 */
export function relatedProducts(db: Db, product: Pick<Selectable<ProductsTable>, 'id' | 'category'>) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('is_active', '=', 1)
    .where('category', '=', product.category)
    .where('id', '!=', product.id)
    .orderBy('is_featured', 'desc')
    .orderBy('created_at', 'desc')
    .limit(RELATED_COUNT);
}

/**
 * countBound: GET /products counts exactly up to this many (CATALOGUE_COUNT_BOUND); tests give a
 * small one to reach a broad search's plan on a small catalogue.
 */
export function createCatalogueService(db: Db, dialect: Dialect, readOffLoop?: DatabaseHandle['readOffLoop'], countBound = CATALOGUE_COUNT_BOUND, readAllOffLoop?: DatabaseHandle['readAllOffLoop']) {
  const read = readCompiledRows(db, readOffLoop);
  // PostgreSQL's locale collation would order names differently from the phone's mirror.
  const nameKey = dialect === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`;

  const listed = () => db.selectFrom('products').where('is_active', '=', 1);

  const termLookups = createTermLookups();

  type Rows = { rows: Selectable<ProductsTable>[]; count: number; broad?: true };

  /**
   * head: the catalogue head the answer is for (public-reads.ts); PostgreSQL keeps word lookups under it.
   *
   * "relevance" (the default; with no search word it is newest first): listings whose name has
   * every word at the start of a word ("Yam tubers", "Puna yam") first, then the others
   * ("Cocoyam leaves"), each rank newest first. Every search with a word of three letters or more
   * first runs its usual statement sorted by one ranked key (search.ts rankedKey, the rank one
   * substring test on the name's words, stored on SQLite: migration 043):
   * - at most the bound's matches (most searches): that one statement is the answer;
   * - a broad one whose sample page ends in the first rank (the common broad case, "maize bag"):
   *   that key bounds the true page, which is sought as a newest-first search's is, the rank one
   *   more condition (search-page.ts, search-terms.ts): two statements, as main's broad searches.
   * Otherwise (a broad search whose sample reaches the second rank, or only one- and two-letter
   * words) each rank runs by its own plan, the rank one more condition tested on the rows found:
   * the page reads the first rank, and the second only for what the first left of the page and for the
   * count. The phone's mirror orders the same way (src/local/catalogue-query.ts).
   */
  async function listProducts(query: ProductQuery, head?: string): Promise<Page<Product>> {
    const words = searchWords(query.search);
    const offset = (query.page - 1) * query.limit;
    const done = async ({ rows, count }: Rows) => ({ data: await toProducts(db, rows, readAllOffLoop), pagination: paginate(query.page, query.limit, count, countBound) });
    if (query.sortBy !== 'relevance' || words.length === 0) {
      const sortBy = query.sortBy === 'relevance' ? 'createdAt' : query.sortBy;
      return done(await findPage({ ...query, sortBy, sortDir: query.sortBy === 'relevance' ? 'desc' : query.sortDir }, words, offset, query.limit, head));
    }
    const ranked = { ...query, sortBy: 'createdAt' as const, sortDir: 'desc' as const };
    // Most searches (at most the bound): the ranks as one sort key, in the search's one statement.
    const keyed = await findPage(ranked, words, offset, query.limit, head, { rankedKey: true });
    if (!keyed.broad) return done(keyed);
    // A broad search whose sample page reached the second rank ("bound+" whatever the ranks hold): each rank by its
    // own plan, walking the creation order's index; the second only when the first leaves the page short.
    // (Only one- and two-letter words: nothing was counted, so both ranks count.)
    const counted = keyed.count > countBound;
    const first = await findPage(ranked, words, offset, query.limit, head, { namesEveryWord: true });
    if (counted && first.rows.length === query.limit) return done({ rows: first.rows, count: keyed.count });
    // A page the first rank leaves short ends it, so its exact count is known (or counted up to the offset).
    let firstCount = first.count;
    if (first.count > countBound) firstCount = first.rows.length > 0 ? offset + first.rows.length : (await findPage(ranked, words, 0, 1, head, { namesEveryWord: true, bound: offset })).count;
    const left = query.limit - first.rows.length;
    const rest = await findPage(ranked, words, Math.max(0, offset - firstCount), Math.max(1, left), head, { namesEveryWord: false });
    return done({ rows: [...first.rows, ...rest.rows.slice(0, left)], count: Math.max(keyed.count, firstCount + rest.count) });
  }

  /** One page of listed products in one order, with its count exact up to `bound`; `namesEveryWord` keeps one rank of "relevance" only. */
  async function findPage(query: ProductQuery & { sortBy: 'createdAt' | 'price' | 'name' }, words: string[], offset: number, limit: number, head?: string, rank: { namesEveryWord?: boolean; bound?: number; rankedKey?: boolean } = {}): Promise<Rows> {
    const { namesEveryWord, bound = countBound, rankedKey: keyed = false } = rank;
    // The ranked key has no index: only words of three letters or more (an index's few matches) are sorted by it.
    if (keyed && !words.some(isIndexable)) return { rows: [], count: -1, broad: true };
    // The relevance rank, on the name's words (SQLite's stored column, migration 043; search.ts).
    const spaced = nameWords(dialect, nameKey);
    const named = namesEveryWordSql(dialect, words, spaced);
    const filtered = (walk: boolean) => {
      let base = listed();
      for (const condition of matchesAllWords(dialect, words, walk)) base = base.where(condition);
      if (query.category) base = base.where('category', '=', query.category);
      if (query.condition) base = base.where('condition', '=', query.condition);
      if (query.location) base = base.where('region', '=', query.location);
      // A literal, not a parameter: SQLite uses the partial index products_checked only for its own condition, word for word.
      if (query.checked) base = base.where(sql<boolean>`quality_checked_lots > 0`);
      if (query.minPrice !== undefined) base = base.where('price_minor', '>=', toMinor(query.minPrice));
      if (query.maxPrice !== undefined) base = base.where('price_minor', '<=', toMinor(query.maxPrice));
      if (namesEveryWord !== undefined) base = base.where(namesEveryWord ? named : sql<SqlBool>`not ${named}`);
      return base;
    };
    const base = filtered(false);
    const sortKey = keyed ? rankedKey(dialect, words, spaced) : query.sortBy === 'price' ? sql`price_minor` : query.sortBy === 'name' ? nameKey : sql`created_at`;

    // PostgreSQL: the exact terms of migration 024 (search-terms.ts), unless every word is in too many tokens.
    // (Its term lists know no "checked" filter: a checked-only search reads the filtered rows below.)
    if (dialect === 'postgres' && words.length > 0 && !query.checked) {
      const { category, condition, location: region, sortBy, sortDir } = query;
      const minPriceMinor = query.minPrice === undefined ? undefined : toMinor(query.minPrice);
      const maxPriceMinor = query.maxPrice === undefined ? undefined : toMinor(query.maxPrice);
      const found = await termsSearchPage(db, read, { words, category, condition, region, minPriceMinor, maxPriceMinor, sortBy, sortDir, limit, offset, bound, namesEveryWord, rankedKey: keyed }, head === undefined ? undefined : termLookups.at(head));
      if (found) return found;
    }
    // The costly reads of a search, where they cannot hold up other requests.
    if (words.some(isIndexable)) return searchPage(db, dialect, read, { matches: base, walked: filtered(true), sortKey, sortDir: query.sortDir, limit, offset, bound, ranked: keyed ? { firstRank: named } : undefined });
    // Browsing, or only one- and two-letter words: the sort order's index, walked until the
    // page and the bounded count are found.
    const count = await countRowsUpTo(db, base, bound, read);
    const page = base.selectAll().orderBy(sortKey, query.sortDir).orderBy('id', query.sortDir).limit(limit).offset(offset);
    return { rows: await read<Selectable<ProductsTable>>(page.compile()), count };
  }

  /** canReview and yours are the asking user's (userCanReview, sellerOf), worked out by the caller. */
  async function getProduct(id: number, canReview: boolean, yours = false): Promise<ProductDetail> {
    const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Product Not Found');
    const [product] = await toProducts(db, [row]);
    const [reviews, relatedRows] = await Promise.all([
      listReviews(id),
      relatedProducts(db, row).execute(),
    ]);
    return { ...product, reviews, relatedProducts: await toProducts(db, relatedRows), canReview, ...(yours ? { yours } : {}) };
  }

  /** Whose listing it is (the seller's user id), if it exists. */
  async function sellerOf(productId: number): Promise<number | undefined> {
    return (await db.selectFrom('products').select('seller_id').where('id', '=', productId).executeTakeFirst())?.seller_id;
  }

  /** The newest reviews only: every answer has a bounded size (the rating average counts them all). */
  async function listReviews(productId: number): Promise<Review[]> {
    const rows = await db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.user_id')
      .select(['reviews.id', 'reviews.product_id', 'reviews.rating', 'reviews.comment', 'reviews.created_at', 'users.first_name', 'users.last_name'])
      .where('reviews.product_id', '=', productId)
      .orderBy('reviews.created_at', 'desc')
      .limit(REVIEWS_SHOWN)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      productId: r.product_id,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.created_at,
      reviewer: { firstName: r.first_name, lastName: r.last_name },
    }));
  }

  /** Whether this user may review the product now (the rule is the reviews module's). */
  async function userCanReview(userId: number, productId: number): Promise<boolean> {
    return (await reviewEligibility(db, userId, productId)) === 'allowed';
  }

  async function shelf(kind: 'featured' | 'discounted' | 'weekly-specials'): Promise<Product[]> {
    const rows = await onShelf(db.selectFrom('products').selectAll(), kind).limit(SHELF_SIZE).execute();
    return toProducts(db, rows);
  }

  async function categories(): Promise<{ name: string; productCount: number }[]> {
    const rows = await listed()
      .select(({ fn }) => ['category', fn.countAll<number>().as('count')])
      .groupBy('category')
      .orderBy('category')
      .execute();
    return rows.map((r) => ({ name: r.category, productCount: Number(r.count) }));
  }

  return { listProducts, getProduct, listReviews, userCanReview, sellerOf, shelf, categories };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
