-- The prototype of issue 25's search by exact terms (PostgreSQL), made by hand for tests/bench/tools/search-terms-proto.ts:
-- psql "$DATABASE_URL" -f tests/bench/tools/search-terms-proto.sql (about 2 minutes at a million listings).
\timing on
create or replace function search_tokens(haystack text) returns text[] language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct t), '{}') from (
    select case when length(tok) <= 200 then tok else substr(tok, s, 200) end as t
    from regexp_split_to_table(haystack, '[ \t\n\r\f\v]+') as tok
    cross join lateral generate_series(1, greatest(1, length(tok) - 100), 100) as s
    where tok <> '' and (length(tok) <= 200 or s = 1 or s + 100 <= length(tok) + 1 or true)
  ) x $$;
create or replace function search_terms_of(name text, category text, description text, cond text, region text, price integer, created text) returns text[] language sql immutable parallel safe as $$
  select array(select 'w:' || t from unnest(search_tokens(lower(name || ' ' || category || ' ' || description))) t)
    || array['c:' || category, 'k:' || cond, 'r:' || region,
             'p:' || lpad(floor(ln(greatest(price, 1)) * 20)::int::text, 3, '0'),
             'd:' || substr(created, 1, 10),
             'n:' || left(lower(name) collate "C", 2)] $$;
select search_terms_of(name, category, description, condition, region, price_minor, created_at) from products limit 2;
drop table if exists product_search;
create table product_search as select id, price_minor, created_at, lower(name) collate "C" as name_key,
  search_terms_of(name, category, description, condition, region, price_minor, created_at) as terms
  from products where is_active = 1;
alter table product_search add primary key (id);
create index product_search_terms on product_search using gin (terms);
create table search_vocab (term text collate "C" primary key);
insert into search_vocab select distinct unnest(terms) from product_search;
create index search_vocab_trgm on search_vocab using gin (term gin_trgm_ops);
vacuum analyze product_search; vacuum analyze search_vocab;
select pg_size_pretty(pg_relation_size('product_search')), pg_size_pretty(pg_relation_size('product_search_terms')), (select count(*) from search_vocab);
