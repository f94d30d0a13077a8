import { COMMODITY_NAMES } from './reference/commodity-names';

/**
 * One definition of "a product matches a search", used by the server's SQL and by the
 * local mirror, so results are the same online and offline: every word of the term must
 * appear (case-insensitively) in the product's name, category or description, or, for a word
 * that is a crop's name in another language than English, that crop's English name must
 * (listings are written in English; the app writes the other names itself on /prices, in USSD
 * and in SMS, so a buyer searches with them: "aburow" finds maize).
 */
export function searchWords(term: string | undefined): string[] {
  if (!term) return [];
  return term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
}

export function searchHaystack(p: { name: string; category: string; description: string }): string {
  return `${p.name} ${p.category} ${p.description}`.toLowerCase();
}

/** A word as typed without Twi's open vowels or accents: "bayerɛ" and "bayere" read alike (as SMS and USSD read them). */
const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').replace(/ɛ/g, 'e').replace(/ɔ/g, 'o');
/** A name's words, lower case, as written (digits and one- or two-letter words name nothing alone). */
const nameWords = (name: string) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => [...word].length >= 3 && !/^\p{N}+$/u.test(word));
/** "Tomatoes" is searched as "tomato", so the singular's listings are found as well as the plural's. */
const singular = (word: string) => (word.endsWith('oes') ? word.slice(0, -2) : word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

interface CropWord {
  plain: string;
  written: string;
  english: string[];
}

/** Every word of a crop's name in a language other than English that the English name lacks ("akokɔ", not "broiler"), with the English words it stands for. */
const CROP_WORDS: CropWord[] = Object.values(COMMODITY_NAMES).flatMap(({ en, ...others }) => {
  const english = nameWords(en.name);
  return Object.values(others).flatMap((names) => {
    const own = nameWords(names.name);
    const meaning = english.filter((word) => !own.includes(word)).map(singular);
    return own.filter((word) => !english.includes(word)).map((word) => ({ plain: plain(word), written: word, english: meaning }));
  });
});

/** A typed word names a crop when it is one of its words, or (four letters or more) begins one: "aburo", "nkate". */
const names = (typed: string, crop: CropWord) => crop.plain === typed || ([...typed].length >= 4 && crop.plain.startsWith(typed));

/** Asked per listing by the mirror's filter: each word's spellings are worked out once. */
const known = new Map<string, string[]>();

/**
 * The spellings that satisfy one search word: the word itself, and for a crop's name in another
 * language (with or without ɛ and ɔ), that name as written and the crop's English name. The
 * server's SQL and the mirror both ask for "any of these", so they agree. A spelling holding
 * another is left out ("aburow" beside "aburo"): whatever holds it holds the other.
 */
export function wordSpellings(word: string): string[] {
  const found = known.get(word);
  if (found) return found;
  const typed = plain(word);
  const all = new Set([word]);
  for (const crop of CROP_WORDS) if (names(typed, crop)) [crop.written, ...crop.english].forEach((spelling) => all.add(spelling));
  const spellings = [...all].filter((spelling) => ![...all].some((other) => other !== spelling && spelling.includes(other)));
  if (known.size >= 1000) known.clear();
  known.set(word, spellings);
  return spellings;
}

export function matchesSearch(haystack: string, words: string[]): boolean {
  return words.every((word) => wordSpellings(word).some((spelling) => haystack.includes(spelling)));
}

/**
 * What parts a name's words for the relevance order: a listing whose name has a search word at
 * the start of one of its words ("Yam tubers", "Puna yam", "Yams (50 kg)") ranks before one that
 * holds it only inside a word ("Cocoyam leaves"). The server makes each of these a space, as
 * `nameWordsText` does (SQLite's stored products.name_words, migration 043, holds a copy of this
 * list; PostgreSQL's translate() takes it live), so both databases and the phone's mirror agree.
 */
export const NAME_WORD_PARTS = ['(', ')', '[', ']', ',', '.', ';', ':', '!', '?', '/', '-', '&', '+', '"', "'", '*', '|', '_'] as const;

/** A name as the relevance order reads it: lower case as SQL's lower() folds (A-Z), parts made spaces, a space in front. */
export function nameWordsText(name: string): string {
  let text = name.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const part of NAME_WORD_PARTS) text = text.split(part).join(' ');
  return ` ${text}`;
}

/** Every search word (one of its spellings) begins a word of the name: the first rank of "relevance". */
export function namesEveryWord(name: string, words: string[]): boolean {
  const text = nameWordsText(name);
  return words.every((word) => wordSpellings(word).some((spelling) => text.includes(` ${spelling}`)));
}
