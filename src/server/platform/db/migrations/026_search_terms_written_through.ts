import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 026_search_terms_written_through (PostgreSQL): product_terms' GIN index takes a written
 * listing's terms into its own pages at once (fastupdate off), not into a pending list.
 *
 * PostgreSQL's default keeps a GIN index's new entries in an unsorted pending list, up to
 * gin_pending_list_limit (4 MB), until a vacuum or the write that fills it merges them; until
 * then every search reads the whole list. At a million listings, 3,000 listing edits (335 pages
 * pending) made the bench's searches 30-40% slower (p50 4.9 → 6.1-6.7 ms), and one seller's edit
 * in every few thousand would pay for the merge. Written through, the same edits leave searches
 * as fast as before and cost each edit about 0.4 ms more (docs/performance.md, issue 25).
 * Turning the list off does not merge it: gin_clean_pending_list does, once, here.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`alter index product_terms_terms set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list('product_terms_terms')`.execute(db);
    },
  };
}
