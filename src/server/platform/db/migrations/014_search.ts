import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 014_search: catalogue search on an index (issue 25), and indexes for every filter and sort
 * of GET /products, a seller's listings and the operator's review queue.
 *
 * A search matches when every word is a substring of lower(name || ' ' || category || ' ' ||
 * description) (shared/search.ts). Trigram indexes keep that substring meaning:
 * - SQLite: a contentless FTS5 table with the trigram tokenizer, keyed by the product id.
 *   Triggers keep it current: they run inside the statement that changes a product, so the
 *   index changes in that same transaction, whichever module (submissions, review, checkout,
 *   admin) writes the row, and no code path can forget it.
 * - PostgreSQL: pg_trgm's GIN index on the same expression; PostgreSQL maintains it in the
 *   writing transaction itself. The extension lives in `public` so a schema dropped with
 *   CASCADE (the tests' own) never takes it, and the indexes of other schemas, with it.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        await sql`create virtual table products_search using fts5(haystack, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
        await sql`insert into products_search (rowid, haystack) select id, lower(name || ' ' || category || ' ' || description) from products`.execute(db);
        await sql`create trigger products_search_insert after insert on products begin
            insert into products_search (rowid, haystack) values (new.id, lower(new.name || ' ' || new.category || ' ' || new.description));
          end`.execute(db);
        await sql`create trigger products_search_update after update of name, category, description on products begin
            delete from products_search where rowid = old.id;
            insert into products_search (rowid, haystack) values (new.id, lower(new.name || ' ' || new.category || ' ' || new.description));
          end`.execute(db);
        await sql`create trigger products_search_delete after delete on products begin
            delete from products_search where rowid = old.id;
          end`.execute(db);
        await sql`create index products_listed_name on products (is_active, lower(name))`.execute(db);
      } else {
        const trgm = await trigramSchema(db);
        await sql`create index products_search_trgm on products using gin ((lower(name || ' ' || category || ' ' || description)) ${sql.raw(`"${trgm}".gin_trgm_ops`)})`.execute(db);
        await sql`create index products_listed_name on products (is_active, (lower(name) collate "C"), id)`.execute(db);
        // PostgreSQL reads a b-tree backwards too, but the id tiebreak must be in it to stop after a page.
        await db.schema.createIndex('products_listed_created_id').on('products').columns(['is_active', 'created_at', 'id']).execute();
        await db.schema.createIndex('products_listed_price_id').on('products').columns(['is_active', 'price_minor', 'id']).execute();
      }
      await db.schema.createIndex('products_listed_region').on('products').columns(['is_active', 'region', 'created_at']).execute();
      await db.schema.createIndex('products_listed_condition').on('products').columns(['is_active', 'condition', 'created_at']).execute();
      // A seller's listings in price order (created_at order has 002's index).
      await db.schema.createIndex('product_submissions_seller_price').on('product_submissions').columns(['seller_id', 'price_minor']).execute();
      // The operator's queue: new submissions and edits waiting, oldest first, from one index.
      const waiting = sql`status = 'PENDING' or (status = 'APPROVED' and changes_pending = 1)`;
      await sql`create index product_submissions_waiting on product_submissions (created_at, id) where ${waiting}`.execute(db);
    },
  };
}

/** Where pg_trgm is (made in public when missing: trusted, so the database owner may). */
export async function trigramSchema(db: Kysely<any>): Promise<string> {
  const find = () => sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  let found = (await find()).rows[0];
  if (!found) {
    // Two instances (or test files) migrating at once may race to create it: the loser finds it.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db).catch(() => undefined);
    found = (await find()).rows[0];
  }
  return found.schema;
}
