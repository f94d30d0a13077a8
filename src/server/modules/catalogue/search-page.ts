import { sql, type CompiledQuery, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, ProductsTable } from '../../platform/db/schema';
import type { Db } from '../../platform/db';
import { countRowsUpTo } from '../../platform/db/paging';

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
}

/**
 * One page of a search with an indexed word, and its count, exact up to `bound`.
 *
 * Planned by how common the words are, learned from the first statement itself:
 * - Most searches (at most `bound` matches): ONE statement takes the matches from the trigram
 *   index with only their id and sort key, counts them (a window count) and sorts them, and
 *   joins the page's rows alone. Before, a count and a page statement each took every match
 *   from the index and looked up its row (at 100,000 listings most of a search's time), and
 *   the page sorted whole rows.
 * - A broad search (more than `bound` matches, so "bound+"): the first statement stops at
 *   bound + 1 matches, and the page walks the sort order's index, testing each listing, until
 *   the page is full: a word held by one listing in ten fills page 4 within about 800 rows,
 *   where sorting every match (80,000 for "maize" at a million) reads them all.
 * Both give exactly the rows and order of `matches ORDER BY sortKey, id LIMIT … OFFSET …`.
 */
export async function searchPage(db: Db, read: Read, ask: SearchPageAsk): Promise<{ rows: ProductRow[]; count: number }> {
  const dir = sql.raw(ask.sortDir);
  const hits = ask.matches.clearSelect().select(['products.id', ask.sortKey.as('sort_key')]).limit(ask.bound + 1);
  const ranked = sql`select id, count(*) over () as total from (${hits}) as hits order by sort_key ${dir}, id ${dir} limit ${ask.limit} offset ${ask.offset}`;
  const page = sql`select products.*, page.total from (${ranked}) as page inner join products on products.id = page.id order by ${ask.sortKey} ${dir}, products.id ${dir}`;
  const rows = await read<ProductRow & { total: number | string }>(page.compile(db));
  // A page past the last match has no row to carry the count: counted on its own (rare).
  const count = rows.length > 0 ? Number(rows[0].total) : ask.offset === 0 ? 0 : await countRowsUpTo(db, ask.matches, ask.bound, read);
  const strip = (list: (ProductRow & { total?: unknown })[]) => list.map(({ total: _total, ...row }) => row as ProductRow);
  if (count <= ask.bound) return { rows: strip(rows), count };
  const walk = ask.walked.selectAll().orderBy(ask.sortKey, ask.sortDir).orderBy('id', ask.sortDir).limit(ask.limit).offset(ask.offset);
  return { rows: await read<ProductRow>(walk.compile()), count };
}
