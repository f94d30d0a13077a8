import { sql, type Selectable } from 'kysely';
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
import { isIndexable, matchesAllWords } from './search';
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

  /** head: the catalogue head the answer is for (public-reads.ts); PostgreSQL keeps word lookups under it. */
  async function listProducts(query: ProductQuery, head?: string): Promise<Page<Product>> {
    const words = searchWords(query.search);
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
      return base;
    };
    const base = filtered(false);
    const sortKey = query.sortBy === 'price' ? sql`price_minor` : query.sortBy === 'name' ? nameKey : sql`created_at`;
    const offset = (query.page - 1) * query.limit;
    const done = async (rows: Selectable<ProductsTable>[], count: number) => ({ data: await toProducts(db, rows, readAllOffLoop), pagination: paginate(query.page, query.limit, count, countBound) });

    // PostgreSQL: the exact terms of migration 024 (search-terms.ts), unless every word is in too many tokens.
    // (Its term lists know no "checked" filter: a checked-only search reads the filtered rows below.)
    if (dialect === 'postgres' && words.length > 0 && !query.checked) {
      const { category, condition, location: region, sortBy, sortDir, limit } = query;
      const minPriceMinor = query.minPrice === undefined ? undefined : toMinor(query.minPrice);
      const maxPriceMinor = query.maxPrice === undefined ? undefined : toMinor(query.maxPrice);
      const found = await termsSearchPage(db, read, { words, category, condition, region, minPriceMinor, maxPriceMinor, sortBy: sortBy ?? 'createdAt', sortDir, limit, offset, bound: countBound }, head === undefined ? undefined : termLookups.at(head));
      if (found) return done(found.rows, found.count);
    }
    // The costly reads of a search, where they cannot hold up other requests.
    if (words.some(isIndexable)) {
      const { rows, count } = await searchPage(db, dialect, read, { matches: base, walked: filtered(true), sortKey, sortDir: query.sortDir, limit: query.limit, offset, bound: countBound });
      return done(rows, count);
    }
    // Browsing, or only one- and two-letter words: the sort order's index, walked until the
    // page and the bounded count are found.
    const count = await countRowsUpTo(db, base, countBound, read);
    const page = base.selectAll().orderBy(sortKey, query.sortDir).orderBy('id', query.sortDir).limit(query.limit).offset(offset);
    return done(await read<Selectable<ProductsTable>>(page.compile()), count);
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
