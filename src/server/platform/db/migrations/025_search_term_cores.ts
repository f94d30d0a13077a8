import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';
import { catalogueVersionNow, catchUpWrites } from './024_search_terms';

/**
 * ASCII punctuation: what a token's core is stripped of at both ends (PostgreSQL's btrim), and
 * what tells a search word that may look among cores alone (modules/catalogue/search-terms.ts)
 * from one that may not.
 */
export const TOKEN_EDGE_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/**
 * 025_search_term_cores (PostgreSQL): each token's core is one of its listing's terms too.
 *
 * Descriptions end their words with punctuation ("bag.", "bags,", "(bag"), and 024 made each a
 * term of its own: "bag" was held by 13 terms, most of them one word's punctuated forms, and a
 * GIN scan reads every term's listings ("rice bag": 68,561 matches from 16 terms' lists). A
 * token's core is the token without the punctuation at its ends ("(bag)." → "bag"). A word
 * whose first and last characters are not punctuation is a substring of a token exactly when
 * it is a substring of the token's core (the stripped characters are all punctuation, so the
 * word cannot reach into them), so such a word looks among cores alone: "bag" is 5 terms.
 * A word that begins or ends with punctuation ("bag.") still looks among every term, which
 * product_terms keeps: a core is added, no term taken away. So an instance still running 024's
 * code during a rolling upgrade gives the same answers.
 *
 * At a million listings product_terms is made again from itself (no token is split again), in
 * name order, without holding up writers; then, with listing writes paused (a lock on products
 * until this commits), the cores are numbered, the table swapped in and the writes made since
 * the build read it done again (catchUpWrites).
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      const builtFrom = await catalogueVersionNow(db);
      const edges = sql.lit(TOKEN_EDGE_PUNCTUATION);
      // 024's tokens (white space split, long tokens as pieces), and each one's core. Both
      // gathered in one pass, then made distinct once (a row per form cost the generator 45 s
      // more at a million, this 20 s).
      await sql`create or replace function search_tokens(haystack text) returns text[] language sql immutable parallel safe as $$
        select array(select distinct term from unnest(pieces || cores) as term where term <> '')
        from (select array_agg(piece) as pieces, array_agg(btrim(piece, ${edges})) as cores
          from (select case when length(token) <= 200 then token else substr(token, piece, 200) end as piece
            from regexp_split_to_table(haystack, '[ \t\n\r\f\v]+') as token
            cross join lateral generate_series(1, greatest(1, length(token) - 100), 100) as piece
            where token <> '') as split) as gathered $$`.execute(db);

      // Every word term's core, numbered: a core already a term keeps its number; a new one is
      // given one from the vocabulary's sequence now and written when writers are paused, below.
      await sql`create temporary table term_cores on commit drop as
        select raw_id, core from (select id as raw_id, term, 'w:' || btrim(substr(term, 3), ${edges}) as core from search_vocabulary where starts_with(term, 'w:')) as word
        where core not in (term, 'w:')`.execute(db);
      await sql`create temporary table core_numbers on commit drop as
        select cores.core, coalesce(known.id, nextval(pg_get_serial_sequence('search_vocabulary', 'id'))::int) as id, known.id is null as new
        from (select distinct core from term_cores) as cores left join search_vocabulary as known on known.term = cores.core`.execute(db);

      await sql`create table product_terms_next as
        select p.id, p.price_minor, p.created_at, p.name_key,
          array(select distinct term from unnest(p.terms) as raw, lateral (values (raw), ((cores.map ->> raw::text)::int)) as forms(term) where term is not null) as terms
        from product_terms as p, (select jsonb_object_agg(t.raw_id, n.id) as map from term_cores as t join core_numbers as n on n.core = t.core) as cores
        order by p.name_key, p.id`.execute(db);
      await sql`alter table product_terms_next add constraint product_terms_next_pkey primary key (id)`.execute(db);
      await sql`create index product_terms_next_terms on product_terms_next using gin (terms)`.execute(db);

      // Writers paused: nothing adds a term or changes a listing until this commits.
      await sql`lock table products in share mode`.execute(db);
      await sql`insert into search_vocabulary (id, term) overriding system value select id, core from core_numbers where new order by core on conflict (term) do nothing`.execute(db);
      // A new core an older instance's write gave a number first (after the build read the
      // vocabulary): that number, not the one set aside.
      await sql`create temporary table renumbered on commit drop as
        select n.id as set_aside, v.id from core_numbers as n join search_vocabulary as v on v.term = n.core where n.new and v.id <> n.id`.execute(db);
      await sql`update product_terms_next as p
        set terms = array(select distinct coalesce(r.id, t) from unnest(p.terms) as t left join renumbered as r on r.set_aside = t)
        where p.terms && (select coalesce(array_agg(set_aside), '{}') from renumbered)`.execute(db);
      await sql`drop table product_terms`.execute(db);
      await sql`alter table product_terms_next rename to product_terms`.execute(db);
      await sql`alter index product_terms_next_pkey rename to product_terms_pkey`.execute(db);
      await sql`alter index product_terms_next_terms rename to product_terms_terms`.execute(db);
      await catchUpWrites(db, builtFrom);
      await sql`analyze product_terms`.execute(db);
      await sql`analyze search_vocabulary`.execute(db);
    },
  };
}
