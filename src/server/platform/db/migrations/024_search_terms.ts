import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';
import { trigramSchema } from './014_search';

/**
 * 024_search_terms (PostgreSQL): search by exact terms (issue 25; modules/catalogue/search-terms.ts).
 *
 * pg_trgm's GIN index is lossy: every candidate is a heap row whose haystack is rechecked. An
 * array's GIN index is exact for && and @>, so `product_terms` holds, per listed product, its
 * terms:
 * - `w:` every token of lower(name || ' ' || category || ' ' || description) split at ASCII
 *   white space (a subset of what the query's words are split at, shared/search.ts): a word
 *   with no white space is a substring of the haystack exactly when it is a substring of one of
 *   its tokens. A token longer than 200 characters is kept as 200-character pieces every 100
 *   (a GIN key must stay small), which still hold every substring of up to 100 characters, and
 *   a search is at most 100 characters (shared/schemas/catalogue.ts).
 * - `c:` category, `k:` condition, `r:` region: the filters.
 * - buckets of the sort keys, whose order is the key's order, on levels (a coarser bucket's
 *   value is the start of its finer buckets' values), so a range of buckets is a few terms:
 *   price `p:` floor(20 ln price) (5% wide) in `P:` its first two digits (65%), created_at's
 *   day `d:` in its month `D:`, lower(name) collate "C"'s first 64 characters `m:` in its first
 *   five `n:` in its first two `N:` (three levels: generated names share long beginnings, so a
 *   five-letter bucket held ~97,000 listings; one name's bucket holds its listings).
 * `search_vocabulary` holds every term ever given, numbered, with a trigram index: the tokens
 * holding a word are a LIKE over it (1,545 terms at a million generated listings), and
 * product_terms holds the terms' numbers. It only grows; a token no listing holds any more
 * matches nothing.
 * A row trigger on products keeps both current in the writing statement, so the next search
 * sees every change; only listed products (is_active = 1) have a row.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      // Every listing write takes the next catalogue version: those past this one are made
      // again at the end (catchUpWrites), when the new triggers keep every later write current.
      const builtFrom = await catalogueVersionNow(db);
      const trgm = await trigramSchema(db);
      await sql`create function search_tokens(haystack text) returns text[] language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct case when length(token) <= 200 then token else substr(token, piece, 200) end), '{}')
        from regexp_split_to_table(haystack, '[ \t\n\r\f\v]+') as token
        cross join lateral generate_series(1, greatest(1, length(token) - 100), 100) as piece
        where token <> '' $$`.execute(db);
      await sql`create function search_price_bucket(price integer) returns text language sql immutable parallel safe as $$
        select lpad(floor(ln(greatest(price, 1)) * 20)::int::text, 3, '0') $$`.execute(db);
      await sql`create function search_terms(name text, category text, description text, cond text, region text, price integer, created text) returns text[] language sql immutable parallel safe as $$
        select array(select 'w:' || t from unnest(search_tokens(lower(name || ' ' || category || ' ' || description))) as t)
          || array['c:' || category, 'k:' || cond, 'r:' || region,
            'p:' || search_price_bucket(price), 'P:' || left(search_price_bucket(price), 2),
            'd:' || substr(created, 1, 10), 'D:' || substr(created, 1, 7),
            'm:' || left(lower(name) collate "C", 64), 'n:' || left(lower(name) collate "C", 5), 'N:' || left(lower(name) collate "C", 2)] $$`.execute(db);
      // The terms are stored as the vocabulary's ids: rows a third as wide, so a count's 10,001
      // matches are on fewer heap pages (measured: text[] made a 536 MB table, 15 rows a page).
      await sql`create table search_vocabulary (id integer generated always as identity primary key, term text collate "C" not null unique)`.execute(db);
      await sql`create table product_terms_backfill as
        select id, price_minor, created_at, lower(name) collate "C" as name_key,
          search_terms(name, category, description, condition, region, price_minor, created_at) as terms
        from products where is_active = 1`.execute(db);
      await sql`insert into search_vocabulary (term) select distinct unnest(terms) from product_terms_backfill order by 1`.execute(db);
      // Terms to numbers through one in-memory map (a lookup in the table per term took 0.2 ms a row).
      // In name order: listings of one name share most of their words, so a search's matches lie
      // on a few pages, not one a page (plantain kg's first 10,001: 364 pages, not 9,368).
      await sql`create table product_terms as
        select b.id, b.price_minor, b.created_at, b.name_key, array(select (numbers.map ->> t)::int from unnest(b.terms) as t) as terms
        from product_terms_backfill as b, (select jsonb_object_agg(term, id) as map from search_vocabulary) as numbers
        order by b.name_key, b.id`.execute(db);
      await sql`drop table product_terms_backfill`.execute(db);
      await sql`alter table product_terms add primary key (id)`.execute(db);
      await sql`create index product_terms_terms on product_terms using gin (terms)`.execute(db);
      // Statistics now, so the first searches are planned on the GIN index (autovacuum would come later).
      await sql`analyze product_terms`.execute(db);
      await sql`analyze search_vocabulary`.execute(db);
      await sql`create index search_vocabulary_trgm on search_vocabulary using gin (term ${sql.raw(`"${trgm}".gin_trgm_ops`)})`.execute(db);
      await sql`create function keep_product_terms() returns trigger language plpgsql as $$
        declare
          new_terms text[];
          numbers int[];
        begin
          -- A bulk load (the catalogue generator) adds its listings' terms per batch, set-based.
          if tg_op = 'INSERT' and current_setting('akuafo.terms_later', true) = 'on' then
            return null;
          end if;
          if tg_op <> 'INSERT' then
            delete from product_terms where id = old.id;
          end if;
          if tg_op <> 'DELETE' and new.is_active = 1 then
            new_terms := search_terms(new.name, new.category, new.description, new.condition, new.region, new.price_minor, new.created_at);
            -- One probe of the vocabulary's index per term; most writes bring no new term.
            numbers := array(select v.id from unnest(new_terms) as t join search_vocabulary as v on v.term = t);
            if cardinality(numbers) < cardinality(new_terms) then
              -- New terms in term order, so two writers adding the same ones take their locks in one order.
              insert into search_vocabulary (term) select distinct t from unnest(new_terms) as t order by 1 on conflict (term) do nothing;
              numbers := array(select v.id from unnest(new_terms) as t join search_vocabulary as v on v.term = t);
            end if;
            insert into product_terms (id, price_minor, created_at, name_key, terms)
              values (new.id, new.price_minor, new.created_at, lower(new.name) collate "C", numbers);
          end if;
          return null;
        end $$`.execute(db);
      // The generator's batches: their listings' terms in three statements (a row trigger made
      // generating three times slower), as the backfill above does it, each batch in name order.
      await sql`create function add_product_terms(ids integer[]) returns void language plpgsql as $$
        begin
          create temporary table added_terms on commit drop as
            select id, price_minor, created_at, lower(name) collate "C" as name_key,
              search_terms(name, category, description, condition, region, price_minor, created_at) as terms
            from products where id = any(ids) and is_active = 1;
          insert into search_vocabulary (term) select distinct unnest(terms) from added_terms order by 1 on conflict (term) do nothing;
          insert into product_terms (id, price_minor, created_at, name_key, terms)
            select a.id, a.price_minor, a.created_at, a.name_key, array(select (numbers.map ->> t)::int from unnest(a.terms) as t)
            from added_terms as a, (select jsonb_object_agg(term, id) as map from search_vocabulary) as numbers
            order by a.name_key, a.id;
          drop table added_terms;
        end $$`.execute(db);
      await sql`create trigger products_keep_terms_insert after insert on products for each row execute function keep_product_terms()`.execute(db);
      await sql`create trigger products_keep_terms_delete after delete on products for each row execute function keep_product_terms()`.execute(db);
      await sql`create trigger products_keep_terms_update after update of name, category, description, condition, region, price_minor, created_at, is_active on products
        for each row when ((old.name, old.category, old.description, old.condition, old.region, old.price_minor, old.created_at, old.is_active)
          is distinct from (new.name, new.category, new.description, new.condition, new.region, new.price_minor, new.created_at, new.is_active))
        execute function keep_product_terms()`.execute(db);
      await catchUpWrites(db, builtFrom);
    },
  };
}

/** The catalogue version committed now: a rebuild made again afterwards what was written past it (catchUpWrites). */
export async function catalogueVersionNow(db: Kysely<any>): Promise<number | string> {
  return (await sql<{ value: number | string }>`select coalesce((select value from counters where name = 'catalogue'), 0) as value`.execute(db)).rows[0].value;
}

/**
 * During a rolling upgrade an older instance keeps writing listings while this migration
 * builds the terms (two minutes at a million), and a write committed after the build read its
 * listing but before the triggers existed would be missed. Creating the triggers locked out
 * writers until this migration commits, so the listings written since `builtFrom` (a version
 * is taken under the counter's row lock, so a write in flight then gets a later one) are made
 * again here, and none can be written meanwhile.
 */
export async function catchUpWrites(db: Kysely<any>, builtFrom: number | string): Promise<void> {
  const since = sql`(select id from products where version > ${builtFrom})`;
  await sql`delete from product_terms where id in ${since}`.execute(db);
  await sql`select add_product_terms(array${since})`.execute(db);
}
