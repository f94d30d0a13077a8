/**
 * The distinct searches of `npm run bench scale` (issue 25): 20 words, alone or with a second
 * word, pages 1-4, five sort orders, and a running price bound that makes every URL new to
 * the answer cache. The nth search is always the same, so a tool can time exactly the ones a
 * bench run asked (its warm-up takes the first 40).
 */
const WORDS = ['maize', 'rice', 'yam', 'cassava', 'plantain', 'tomato', 'pepper', 'onion', 'okra', 'mango', 'pineapple', 'goat', 'sheep', 'fowl', 'layers', 'fertilizer', 'seed', 'cutlass', 'sprayer', 'beans'];
const SECOND = ['', 'fresh', 'organic', 'bag', 'kg', 'ashanti', 'tamale', 'premium', 'local', 'bulk', 'crate'];
const SORTS = ['', '&sortBy=price&sortDir=asc', '&sortBy=price&sortDir=desc', '&sortBy=name&sortDir=asc', '&sortBy=createdAt&sortDir=asc'];

/** The nth search's words, one or two ("maize fresh"), as a query string's value. */
function searchOf(made: number): string {
  const word = WORDS[made % WORDS.length];
  const second = SECOND[Math.floor(made / WORDS.length) % SECOND.length];
  return encodeURIComponent(second ? `${word} ${second}` : word);
}

/** Query strings of the searches numbered from..from+n-1. */
export function scaleSearches(from: number, n: number): string[] {
  const list: string[] = [];
  for (let made = from; made < from + n; made++) {
    const page = 1 + (Math.floor(made / 7) % 4);
    const sort = SORTS[Math.floor(made / 3) % SORTS.length];
    list.push(`search=${searchOf(made)}&page=${page}${sort}&maxPrice=${1_000_000 - made}`);
  }
  return list;
}

/** The price caps a buyer sets on the filters (GH₵ 50 to 1,500), in steps that keep each URL new. */
const CAP_FROM = 50;
const CAP_STEPS = 1_450;

/**
 * The searches buyers filter (issue 37 item 12): one or two words ("maize fresh"), sorted by
 * price (cheapest first, or dearest), a price cap, pages 1-5. The cap has a running part in
 * pesewas, so every URL is new to the answer cache, as in scaleSearches.
 */
export function filteredSearches(from: number, n: number): string[] {
  const list: string[] = [];
  for (let made = from; made < from + n; made++) {
    const page = 1 + (Math.floor(made / 3) % 5);
    const dir = Math.floor(made / 11) % 2 === 0 ? 'asc' : 'desc';
    const cap = (CAP_FROM + (made % CAP_STEPS) + (Math.floor(made / CAP_STEPS) % 100) / 100).toFixed(2);
    list.push(`search=${searchOf(made)}&sortBy=price&sortDir=${dir}&maxPrice=${cap}&page=${page}`);
  }
  return list;
}
