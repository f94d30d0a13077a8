import { sql, type CompiledQuery, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../platform/db';
import type { ProductsTable } from '../../platform/db/tables/catalogue';
import { escapeLike } from '../../platform/db/like';
import { TOKEN_EDGE_PUNCTUATION } from '../../platform/db/migrations/025_search_term_cores';
import { wordSpellings } from '../../../shared/search';
import type { TermLookups } from './term-lookups';
import { extrasColumns, type ExtrasColumns } from './serialize';
import { firstRankFrom, nameWords, namesEveryWordSql, rankedKey } from './search';

/** A page's product with its pictures, ratings and seller as columns (serialize.ts), ready for toProducts. */
type ProductRow = Selectable<ProductsTable> & ExtrasColumns;
type Read = <T>(query: CompiledQuery) => Promise<T[]>;

export interface TermsAsk {
  words: string[];
  category?: string;
  condition?: string;
  region?: string;
  minPriceMinor?: number;
  maxPriceMinor?: number;
  sortBy: 'price' | 'name' | 'createdAt';
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
  bound: number;
  /** The relevance order's rank (service.ts): only listings whose name has every word at a word's start (true), or only the others (false). */
  namesEveryWord?: boolean;
  /** The relevance order in one statement (service.ts): sorted by rankedKey, and a broad search answers `broad` without its page. */
  rankedKey?: boolean;
}

/** A word held by more tokens than this is checked on each candidate rather than looked up ("a"). */
const MOST_TOKENS = 64;

/**
 * Each sort key's column in product_terms and its buckets (migration 024): `value` gives a key's
 * finest bucket value; each level's bucket is its first `length` characters, coarsest first.
 */
const KEYS = {
  price: { column: 'price_minor', value: (key: unknown) => sql<string>`search_price_bucket(${key}::int)`, levels: [{ letter: 'P', length: 2 }, { letter: 'p', length: 3 }] },
  createdAt: { column: 'created_at', value: (key: unknown) => sql<string>`substr(${key}::text, 1, 10)`, levels: [{ letter: 'D', length: 7 }, { letter: 'd', length: 10 }] },
  name: {
    column: 'name_key',
    value: (key: unknown) => sql<string>`left(${key}::text collate "C", 64)`,
    levels: [{ letter: 'N', length: 2 }, { letter: 'n', length: 5 }, { letter: 'm', length: 64 }],
  },
} as const;

/**
 * A search's page and its count (exact up to `bound`) from PostgreSQL's exact terms (migration
 * 024_search_terms), or undefined when every word is held by so many tokens that the trigram
 * path serves it better. Same answers as `matches ORDER BY key, id LIMIT … OFFSET …`:
 * 1. The tokens holding each word from the vocabulary (LIKE '%word%', its own trigram index), or
 *    only the tokens' cores when that is the same (migration 025: "bag" is 5 terms, not 13).
 * 2. One statement: the GIN index of product_terms, exact (no recheck of a haystack), gives up to
 *    bound + 1 matches with their sort key from the narrow product_terms row; they are counted,
 *    the page picked by a top-N sort, and its products joined with their pictures, ratings and
 *    sellers (so toProducts reads nothing more).
 * 3. More than `bound` (a broad search): those matches are a sample whose page ends at a key the
 *    true page cannot pass (search-page.ts says why). Only the key's buckets up to it are read,
 *    in one more statement: the GIN index intersects the words with those buckets' terms, and
 *    the few matches left are sorted. A word's matches sorted by a key they are spread against
 *    (maize, cheapest first) no longer fetch every candidate to keep a few hundred.
 */
export async function termsSearchPage(db: Db, read: Read, ask: TermsAsk, lookups?: TermLookups): Promise<{ rows: ProductRow[]; count: number; broad?: true } | undefined> {
  const filters = [ask.category && `c:${ask.category}`, ask.condition && `k:${ask.condition}`, ask.region && `r:${ask.region}`].filter((term): term is string => Boolean(term));
  const found = await lookUpTerms(db, read, ask.words, filters, lookups);
  const filterIds = found.shift()!.terms;
  if (filterIds.length < filters.length || found.some((word) => word.terms.length === 0)) return { rows: [], count: 0 };
  const looked = found.filter((word) => word.terms.length <= MOST_TOKENS);
  if (looked.length === 0) return undefined;
  // Arrays as values, not subqueries, so the planner sees them; a word of many tokens is tested on the row (coalesce keeps it off the index).
  const conditions: RawBuilder<unknown>[] = found.map((word) => (word.terms.length <= MOST_TOKENS ? sql`terms && ${word.terms}::int[]` : sql`coalesce(terms && ${word.terms}::int[], false)`));
  if (filterIds.length > 0) conditions.push(sql`terms @> ${filterIds}::int[]`);
  // A price range stays exact: checked on each match's row (product_terms carries the price).
  if (ask.minPriceMinor !== undefined) conditions.push(sql`price_minor >= ${ask.minPriceMinor}`);
  if (ask.maxPriceMinor !== undefined) conditions.push(sql`price_minor <= ${ask.maxPriceMinor}`);
  // The rank, like the price, is tested on each match's narrow row (name_key is lower(name)).
  const named = namesEveryWordSql('postgres', ask.words, nameWords('postgres', sql`name_key`));
  if (ask.namesEveryWord !== undefined) conditions.push(ask.namesEveryWord ? named : sql`not ${named}`);
  let where = sql.join(conditions, sql` and `);
  let sort: (typeof KEYS)[keyof typeof KEYS] = KEYS[ask.sortBy];
  let key: RawBuilder<unknown> = ask.rankedKey ? rankedKey('postgres', ask.words, nameWords('postgres', sql`name_key`)) : sql.ref(sort.column);
  const dir = sql.raw(ask.sortDir);

  // A lone looked-up word's condition twice: the planner multiplies the two, so a word held by
  // up to ~20% of listings is taken from the GIN bitmap (seed: 20 ms) rather than by reading the
  // table in order until 10,001 match, testing each row (seed: 120,000 rows, 70 ms); a word in
  // more (kg, bag) keeps the read in order, which stops soonest there. The answer is the same.
  // Two indexed conditions (words, or a word and the filters) are multiplied already, and a
  // repeated key costs the GIN scan a third more ("rice bag": 11.7 against 13.2 ms).
  const lone = looked.length === 1 && filterIds.length === 0;
  const twice = lone ? sql` and ${conditions[found.indexOf(looked[0])]}` : sql``;
  const first = await read<ProductRow & { total: number | string; sort_key: unknown; page_id: number | null }>(
    sql`with hits as materialized (select id, ${key} as sort_key from product_terms where ${where}${twice} limit ${ask.bound + 1}),
      page as (select id, sort_key from hits order by sort_key ${dir}, id ${dir} limit ${ask.limit} offset ${ask.offset})
      select counted.total, page.id as page_id, page.sort_key, products.*, ${extrasColumns(db)} from (select count(*) as total from hits) as counted
      left join page on true left join products on products.id = page.id order by page.sort_key ${dir}, page.id ${dir}`.compile(db),
  );
  const count = Number(first[0].total);
  const sample = first.filter((row) => row.page_id !== null);
  const strip = (rows: typeof first) => rows.map(({ total: _total, sort_key: _key, page_id: _id, ...row }) => row as ProductRow);
  if (count <= ask.bound) return { rows: strip(sample), count };
  let last = sample.length === ask.limit ? sample[sample.length - 1].sort_key : undefined;
  if (ask.rankedKey) {
    // Relevance: a sample page ending in the first rank bounds the true page at that rank's
    // creation time; the page is then the first rank's, newest first, sought as below (the rank one
    // more condition on each narrow row). Else service.ts reads each rank.
    const from = firstRankFrom(last);
    if (from === undefined) return { rows: [], count, broad: true };
    where = sql`${where} and ${named}`;
    sort = KEYS.createdAt;
    key = sql.ref(sort.column);
    last = from;
  }

  // Broad: the sample's page was full, so its last key bounds the true page's.
  if (last === undefined) return { rows: strip(await pageOf(sql`true`)), count };
  const cmp = sql.raw(ask.sortDir === 'asc' ? '<=' : '>=');
  // Every listing up to the key is in a coarsest bucket before the key's, or in a bucket of the
  // next level within the key's bucket of the level above and before the key's, ..., or in the
  // key's finest bucket: a few terms, where fine buckets alone were up to 88 (a GIN scan's cost
  // grows with its terms), and the finest bucket holds few listings past the key.
  const before = sql.raw(ask.sortDir === 'asc' ? '<' : '>');
  // By price with a cap on the far side (dearest first under a maximum): no listing past the
  // cap's buckets can match, so their terms are left out (they were most of the GIN scan).
  const cap = ask.sortBy === 'price' ? (ask.sortDir === 'desc' ? ask.maxPriceMinor : ask.minPriceMinor) : undefined;
  const within = sql.raw(ask.sortDir === 'desc' ? '<=' : '>=');
  const levels = sort.levels.map(({ letter, length }, i) => {
    const inside = i === 0 ? sql`true` : sql`starts_with(term, ${`${letter}:`} || left(k.value, ${sort.levels[i - 1].length}))`;
    const upTo = i === sort.levels.length - 1 ? cmp : before;
    const capped = cap === undefined ? sql`` : sql` and term ${within} ${`${letter}:`} || left(${sort.value(cap)}, ${length})`;
    return sql`(starts_with(term, ${`${letter}:`}) and ${inside} and term ${upTo} ${`${letter}:`} || left(k.value, ${length})${capped})`;
  });
  // The buckets' terms are a subquery of the page's statement: one round trip fewer, and the GIN
  // scan takes them as a parameter (an InitPlan), so the plan is the same as with the array given.
  const buckets = sql`(select coalesce(array_agg(id), '{}') from search_vocabulary, (select ${sort.value(last)} as value) as k where ${sql.join(levels, sql` or `)})`;
  return { rows: strip(await pageOf(sql`${key} ${cmp} ${last} and terms && ${buckets}`)), count };

  function pageOf(upTo: RawBuilder<unknown>) {
    return read<ProductRow & { total: number | string; sort_key: unknown; page_id: number | null }>(
      sql`select products.*, ${extrasColumns(db)}, page.id as page_id, page.sort_key, 0 as total from (select id, ${key} as sort_key from product_terms where ${where} and ${upTo}
        order by ${key} ${dir}, id ${dir} limit ${ask.limit} offset ${ask.offset}) as page inner join products on products.id = page.id order by page.sort_key ${dir}, page.id ${dir}`.compile(db),
    );
  }
}

/** A word that neither begins nor ends with punctuation is in a token exactly when it is in the token's core (migration 025). */
const inCoresAlone = (word: string) => !TOKEN_EDGE_PUNCTUATION.includes(word[0]) && !TOKEN_EDGE_PUNCTUATION.includes(word[word.length - 1]);

/**
 * The terms' numbers (product_terms holds numbers): the filters' terms (n = 0), then the
 * tokens holding each word (only tokens' cores where that is enough: "bag" 5 terms, not 13),
 * from `lookups` when every one is kept there (term-lookups.ts), else in one statement. A word
 * with other spellings (a crop's Twi name, shared/search.ts) is held by the tokens holding any.
 */
async function lookUpTerms(db: Db, read: Read, words: string[], filters: string[], lookups?: TermLookups): Promise<{ n: number; terms: number[] }[]> {
  const spellings = words.flatMap((word, i) => wordSpellings(word).map((spelling) => ({ n: i + 1, spelling })));
  const patterns = spellings.map(({ spelling }) => `w:%${escapeLike(spelling)}%`);
  const coresAlone = spellings.map(({ spelling }) => inCoresAlone(spelling));
  const keys = [`filters:${filters.join(' ')}`, ...patterns.map((pattern, i) => (coresAlone[i] ? `cores:${pattern}` : pattern))];
  let found: { n: number; terms: number[] }[] = keys.map((key, n) => ({ n, terms: lookups?.get(key) as number[] }));
  if (found.some(({ terms }) => terms === undefined)) {
    const core = sql`strpos(${TOKEN_EDGE_PUNCTUATION}, substr(term, 3, 1)) = 0 and strpos(${TOKEN_EDGE_PUNCTUATION}, right(term, 1)) = 0`;
    found = await read<{ n: number; terms: number[] }>(
      sql`select n, array(select id from search_vocabulary where term like pattern escape '\\' and (not cores_alone or (${core}))) as terms
        from unnest(${patterns}::text[], ${coresAlone}::boolean[]) with ordinality as word(pattern, cores_alone, n)
        union all select 0, array(select id from search_vocabulary where term = any(${filters}::text[])) order by n`.compile(db),
    );
    for (const { n, terms } of found) lookups?.set(keys[n], terms);
  }
  // Row n is the filters' (0) or a spelling's (n); each word's terms are its spellings' together.
  const byWord = words.map(() => new Set<number>());
  spellings.forEach(({ n }, i) => found[i + 1]!.terms.forEach((id) => byWord[n - 1]!.add(id)));
  return [found[0]!, ...byWord.map((terms, i) => ({ n: i + 1, terms: [...terms] }))];
}
