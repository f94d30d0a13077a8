/**
 * PostgreSQL's search (search-terms.ts) first turns each word into the numbers of the vocabulary
 * terms that hold it. The answer is the same until a listing brings a new term, and every
 * listing change moves the catalogue's head (head.ts), so lookups are kept per head: the same
 * head the answer cache keys its answers by, so a kept lookup is never staler than an answer
 * already is. At a million listings the lookup was one statement of three in a counted search,
 * and each statement costs the server thread a round trip (docs/performance.md, issue 25).
 */
export interface TermLookups {
  get(key: string): number[] | undefined;
  set(key: string, ids: number[]): void;
}

/**
 * What one head keeps, at most: term numbers plus one per word (a made-up word holds none, but
 * its entry is memory too), so a stream of made-up words cannot grow it further.
 */
const MOST_HELD = 100_000;

export function createTermLookups(): { at(head: string): TermLookups } {
  let current: string | undefined;
  let kept = new Map<string, number[]>();
  let held = 0;
  return {
    at(head) {
      if (head !== current) {
        current = head;
        kept = new Map();
        held = 0;
      }
      const map = kept;
      return {
        get: (key) => map.get(key),
        set(key, ids) {
          // A lookup that finished after the head moved on goes to the old head's map, which nothing reads.
          if (map !== kept) return;
          const weight = ids.length + 1;
          if (held + weight > MOST_HELD) {
            map.clear();
            held = 0;
          }
          map.set(key, ids);
          held += weight;
        },
      };
    },
  };
}
