import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../platform/db';
import { escapeLike } from '../../platform/db/like';
import { NAME_WORD_PARTS, wordSpellings } from '../../../shared/search';

/** The text a search looks in (shared/search.ts), as both databases' trigram indexes hold it. */
export const HAYSTACK = sql<string>`lower(name || ' ' || category || ' ' || description)`;

/** One FTS5 phrase: the word as typed, its quotes doubled, so no word is read as query syntax. */
const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
/** Trigram indexes know words of three characters or more; shorter ones are only checked. */
export const isIndexable = (word: string) => [...word].length >= 3;

/**
 * "Every word is in the haystack" (a crop's name in Twi: it or one of its spellings,
 * shared/search.ts's wordSpellings), answered from a trigram index.
 * - PostgreSQL: LIKE of every word, which pg_trgm's GIN index on HAYSTACK serves.
 * - SQLite: the FTS5 trigram table finds the products holding every word of three letters or
 *   more, each word as one phrase of its trigrams: exactly "is a substring of", folded to lower
 *   case (also for letters beyond ASCII, as the phone's mirror folds them). Shorter words have
 *   no trigram and are checked with LIKE on the products the index gave.
 * A search of only one- and two-letter words has no trigram to look up on either database: it
 * is answered by LIKE alone, walking the sort order's index until the page and the bounded
 * count are found (short words are common, so that walk is short; a rare pair walks further).
 *
 * `walk` (a broad search's page, search-page.ts): on SQLite the index's matches become a set
 * each listing is tested against (the unary + keeps the planner from driving the query from
 * them), so the query walks the sort order's index and stops when the page is full.
 * PostgreSQL's planner already walks the sort order's index for a broad LIKE.
 */
export function matchesAllWords(dialect: Dialect, words: string[], walk = false): Expression<SqlBool>[] {
  const likeOne = (spelling: string) => sql<SqlBool>`${HAYSTACK} like ${`%${escapeLike(spelling)}%`} escape '\\'`;
  // pg_trgm's index serves an OR of LIKEs as a BitmapOr; a word of one or two letters has no other spelling.
  const like = (word: string) => {
    const spellings = wordSpellings(word);
    return spellings.length === 1 ? likeOne(word) : sql<SqlBool>`(${sql.join(spellings.map(likeOne), sql` or `)})`;
  };
  const long = words.filter(isIndexable);
  if (dialect === 'postgres' || long.length === 0) return words.map(like);
  // A crop's spellings are each three letters or more (shared/search.ts), so each is a phrase of trigrams.
  const anyOf = (word: string) => {
    const spellings = wordSpellings(word);
    return spellings.length === 1 ? phrase(word) : `(${spellings.map(phrase).join(' OR ')})`;
  };
  const match = long.map(anyOf).join(' AND ');
  const id = walk ? sql`+products.id` : sql`products.id`;
  return [sql<SqlBool>`${id} in (select rowid from products_search where products_search match ${match})`, ...words.filter((w) => !isIndexable(w)).map(like)];
}

/**
 * What the relevance rank is tested on (shared/search.ts nameWordsText):
 * - SQLite: the stored column `products.name_words` (migration 043): a space, the name
 *   lower-cased (A-Z), each of NAME_WORD_PARTS a space; written by the database on every write of
 *   a name, so a search ranks its matches with one substring test each (instr), not 19 replace().
 * - PostgreSQL: the lower-cased name itself (product_terms.name_key on the exact-terms path), with
 *   one regular expression (below): translate() measured 27 ms for 7,000 matches at 100,000
 *   listings ("rice bag"), the expression 5 ms, reading created_at alone 2 ms.
 */
export function nameWords(dialect: Dialect, lowerName: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`products.name_words` : lowerName;
}

/** A name's word begins at its start or after a space or one of NAME_WORD_PARTS (a bracket expression: "]" first, "-" last). */
const WORD_START = `(^|[][ ${NAME_WORD_PARTS.filter((part) => part !== '[' && part !== ']' && part !== '-').join('')}-])`;
/** A search word as literal text in a PostgreSQL regular expression: every character but a letter or digit escaped. */
const literally = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);

/**
 * shared/search.ts's namesEveryWord in SQL, on nameWords: every search word (one of its
 * spellings) begins a word of the name. A spelling holding one of NAME_WORD_PARTS begins no word
 * (the parts are spaces in the name's words), as on the phone's mirror. Tested on the rows a
 * search already found, so it adds no index lookup.
 */
export function namesEveryWordSql(dialect: Dialect, words: string[], source: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const one = (spelling: string) => {
    if (NAME_WORD_PARTS.some((part) => spelling.includes(part))) return sql<SqlBool>`false`;
    // The words and the name's words are lower case already: a plain substring, no LIKE pattern.
    return dialect === 'sqlite' ? sql<SqlBool>`instr(${source}, ${` ${spelling}`}) > 0` : sql<SqlBool>`(${source} ~ ${WORD_START + literally(spelling)})`;
  };
  return sql<SqlBool>`(${sql.join(words.map((word) => sql`(${sql.join(wordSpellings(word).map(one), sql` or `)})`), sql` and `)})`;
}

/**
 * The relevance order as one sort key, read descending: '1' before the creation time for a name
 * that has every word at a word's start, '0' for the others, so the first rank comes first and
 * each rank newest first (ties by id, as every order). A broad search's sample sorted by it ends
 * its page at a key that bounds the true page's (search-page.ts, search-terms.ts): a '1' there
 * means the true page is the first rank's alone, from that creation time on.
 */
export function rankedKey(dialect: Dialect, words: string[], spaced: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`((case when ${namesEveryWordSql(dialect, words, spaced)} then '1' else '0' end) || created_at)`;
}

/** The first rank's sample key ('1' + creation time, rankedKey): the creation time it bounds the page at, or undefined. */
export function firstRankFrom(key: unknown): string | undefined {
  return typeof key === 'string' && key.startsWith('1') ? key.slice(1) : undefined;
}
