import { sql, type CompiledQuery, type RawBuilder, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { firstRankFrom } from './search';
import type { Database } from '../../platform/db/schema';
import type { ProductsTable } from '../../platform/db/tables/catalogue';
import type { Db, Dialect } from '../../platform/db';

type ProductRow = Selectable<ProductsTable>;
type Read = <T>(query: CompiledQuery) => Promise<T[]>;
type Listed = SelectQueryBuilder<Database, 'products', object>;

export interface SearchPageAsk {
  /** The search's listed products, every filter applied, with its words matched from the trigram index. */
  matches: Listed;
  /** The same, its words tested on each listing the walk meets instead (see matchesAllWords's `walk`). */
  walked: Listed;
  sortKey: RawBuilder<unknown>;
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Count exactly up to here; past it the caller says "bound+". */
  bound: number;
  /**
   * The relevance order (sortKey is search.ts rankedKey, descending), with its first rank's
   * condition: past the bound, a sample page ending in the first rank bounds the true page at
   * that rank's creation time, and the page is sought like a newest-first search's, the rank one
   * more condition on each listing walked; else `broad` with no page (service.ts reads each rank).
   */
  ranked?: { firstRank: RawBuilder<SqlBool> };
}

/**
 * One page of a search with an indexed word, and its count, exact up to `bound`.
 *
 * Planned by how common the words are, learned from the first statement itself:
 * - Most searches (at most `bound` matches): ONE statement takes the matches from the trigram
 *   index with only their id and sort key, counts them, picks the page (toppedPage on SQLite,
 *   rankedPage on PostgreSQL, below), and joins the page's rows alone. Before, a count and a page
 *   statement each took every match from the index and looked up its row (at 100,000 listings
 *   most of a search's time).
 * - A broad search (more than `bound` matches, so "bound+"): that statement stopped at bound + 1
 *   matches, a sample of them all. The page's last sort key within the sample is a bound on the
 *   true page's: every listing of the true page sorts at or before it, since the sample's own
 *   first rows are matches too. The page is then sought only up to that key:
 *   - SQLite walks the sort order's index from its start, testing each listing against the
 *     index's matches, and stops when the page is full (or at the key).
 *   - PostgreSQL intersects the trigram index's matches with the sort column's index up to the
 *     key (a bitmap AND) and sorts the few hundred left; left to itself it walked the price
 *     index past 99,000 cheaper listings for "maize", cheapest first, at a million (0.9 s).
 * Every plan gives exactly the rows and order of `matches ORDER BY sortKey, id LIMIT … OFFSET …`.
 */
export async function searchPage(db: Db, dialect: Dialect, read: Read, ask: SearchPageAsk): Promise<{ rows: ProductRow[]; count: number; broad?: true }> {
  const dir = sql.raw(ask.sortDir);
  const hits = ask.matches.clearSelect().select(['products.id', ask.sortKey.as('sort_key')]).limit(ask.bound + 1);
  const found = await read<ProductRow & { total: number | string; sort_key: unknown; place?: number | string }>((dialect === 'sqlite' ? toppedPage : rankedPage)(hits, ask, dir).compile(db));
  const count = found.length > 0 ? Number(found[0].total) : 0;
  const rows = found.filter((row) => row.id !== null && (row.place === undefined || Number(row.place) > ask.offset));
  if (count <= ask.bound) return { rows: rows.map(({ total: _total, sort_key: _key, place: _place, ...row }) => row as ProductRow), count };
  if (ask.ranked) {
    const from = rows.length === ask.limit ? firstRankFrom(rows[rows.length - 1].sort_key) : undefined;
    if (from === undefined) return { rows: [], count, broad: true };
    const { firstRank } = ask.ranked;
    const newest = { ...ask, matches: ask.matches.where(firstRank), walked: ask.walked.where(firstRank), sortKey: sql`created_at`, sortDir: 'desc' as const };
    return { rows: await seekPage(db, dialect, read, newest, from), count };
  }
  // The sample's page was full: its last key bounds the true page's (else no bound is known).
  return { rows: await seekPage(db, dialect, read, ask, rows.length === ask.limit ? rows[rows.length - 1].sort_key : undefined), count };
}

/** A broad search's page, sought only up to `last` (the sample's bound on it, when known). */
async function seekPage(db: Db, dialect: Dialect, read: Read, ask: SearchPageAsk, last: unknown): Promise<ProductRow[]> {
  const upTo = <Q extends Listed>(query: Q) => (last === undefined ? query : (query.where(ask.sortKey, ask.sortDir === 'asc' ? '<=' : '>=', last) as Q));
  const sorted = <Q extends Listed>(query: Q) => query.orderBy(ask.sortKey, ask.sortDir).orderBy('id', ask.sortDir).limit(ask.limit).offset(ask.offset);
  if (dialect === 'sqlite') return read<ProductRow>(sorted(upTo(ask.walked).selectAll()).compile());
  // OFFSET 0 keeps PostgreSQL from walking the sort order's index instead of the bitmap AND.
  const fenced = db.selectFrom(upTo(ask.matches).selectAll().offset(0).as('products')).selectAll();
  return read<ProductRow>(sorted(fenced as unknown as Listed).compile());
}

type Hits = SelectQueryBuilder<Database, 'products', { id: number; sort_key: unknown }>;

/**
 * SQLite: the matches taken once (materialized), counted, and the page's ids picked by a top-N
 * sort of them; the count comes on a row of its own for a page past the last match (product
 * null). Ranking every match with window functions cost twice the row lookups at 100,000.
 */
const toppedPage = (hits: Hits, ask: SearchPageAsk, dir: RawBuilder<unknown>) =>
  sql`with hits as materialized ${hits}, page as (select id, sort_key from hits order by sort_key ${dir}, id ${dir} limit ${ask.limit} offset ${ask.offset}) select counted.total, page.sort_key, products.* from (select count(*) as total from hits) as counted left join page on true left join products on products.id = page.id order by ${ask.sortKey} ${dir}, products.id ${dir}`;

/**
 * PostgreSQL: every match ranked with window functions, the page's rows and the first match's
 * joined (so a page past the end still carries the count). The top-N form above measured the
 * same at a million (the cost there is the heap rows and their recheck, not the ranking).
 */
const rankedPage = (hits: Hits, ask: SearchPageAsk, dir: RawBuilder<unknown>) => {
  const ranked = sql`select id, sort_key, total, place from (select id, sort_key, count(*) over () as total, row_number() over (order by sort_key ${dir}, id ${dir}) as place from (${hits}) as hits) as ranked where place = 1 or place between ${ask.offset + 1} and ${ask.offset + ask.limit}`;
  return sql`select products.*, page.total, page.sort_key, page.place from (${ranked}) as page inner join products on products.id = page.id order by ${ask.sortKey} ${dir}, products.id ${dir}`;
};
