import type { Db } from '../../platform/db';
import { catalogueVersionsTaken } from '../../platform/db/catalogue-versions';
import { FEED_EPOCH } from '../../platform/db/feed-epoch';

/**
 * Counters whose values together name the state every public catalogue read is drawn from; the
 * feed epoch too, so a new one (after a restore) changes every answer and its ETag.
 */
const HEAD_COUNTERS = ['catalogue', 'public_content', 'market_prices', FEED_EPOCH] as const;
/** How long an instance trusts its copy of the head: changes made by others show within this. */
export const HEAD_FRESH_MS = 250;

export interface CatalogueHead {
  /** "catalogue.public_content.market_prices.feed_epoch", e.g. "84.3.12.90417"; read from the database at most every HEAD_FRESH_MS. */
  current(): string | Promise<string>;
  /** This instance changed something: the next current() reads the database again. */
  changed(): void;
}

/**
 * The catalogue's head as one instance knows it. The catalogue counter moves with every
 * product change (price, stock, listing, deletion, review); public_content moves, by database
 * trigger, with what else the reads show (reviews, reviewer and seller names, warehouses);
 * market_prices moves when a paid or cancelled order changes the price index.
 * A write on this instance makes the next read look again; writes on other instances sharing
 * the database (or straight to it) are seen within HEAD_FRESH_MS.
 */
export function createCatalogueHead(db: Db): CatalogueHead {
  let value: string | undefined;
  let checkedAt = 0;
  let writes = 0;
  /** Local changes: writes through this app, and versions taken by anything in this process. */
  const changes = () => writes + catalogueVersionsTaken();
  /** The number of local changes the current value is known to include. */
  let seen = 0;
  let reading: { after: number; promise: Promise<string> } | undefined;

  /** Resolves to the newest head known when it finishes, never to an older one. */
  async function read(after: number): Promise<string> {
    const rows = await db.selectFrom('counters').select(['name', 'value']).where('name', 'in', HEAD_COUNTERS).execute();
    const byName = new Map(rows.map((r) => [r.name, Number(r.value)]));
    const head = HEAD_COUNTERS.map((name) => byName.get(name) ?? 0).join('.');
    // A slower read that began before a newer one must not overwrite it.
    if (after >= seen) {
      value = head;
      seen = after;
      checkedAt = Date.now();
    }
    return value ?? head;
  }

  return {
    current() {
      const local = changes();
      if (value !== undefined && seen === local && Date.now() - checkedAt < HEAD_FRESH_MS) return value;
      // Join a read in flight only if it began after the newest local change.
      if (!reading || reading.after !== local) {
        const after = local;
        const promise = read(after).finally(() => {
          if (reading?.promise === promise) reading = undefined;
        });
        // The known-answer lane asks without waiting: a failed read (the database gone for a
        // moment) must not become an unhandled rejection, which ends the process. Whoever
        // awaits the read still gets the error, and the next call reads again.
        promise.catch(() => undefined);
        reading = { after, promise };
      }
      return reading.promise;
    },
    changed() {
      writes += 1;
    },
  };
}
