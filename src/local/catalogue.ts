import type { CatalogueDelta, Product } from '../shared/schemas/catalogue';
import { nextTask } from '../shared/next-task';
import { searchHaystack } from '../shared/search';
import type { ApiClient } from './api';
import { getMeta, localDb, setMeta, type AkuafoDb, type LocalProduct } from './db';
import { feedWentBack } from './feed-epoch';
import { bumpGeneration, inArea, keptIds, mirrorBudget, readMirrorScope, scopeSearchParams, scopeSignature } from './mirror-scope';

const CURSOR_KEY = 'catalogue.cursor';
const PULLED_AT_KEY = 'catalogue.pulledAt';
/** The ETag of the last answer and the cursor it was for: { since, etag }. */
const ETAG_KEY = 'catalogue.etag';
/** The scope (region and categories) the cursor was pulled for: src/local/mirror-scope.ts. */
const SCOPE_KEY = 'catalogue.scope';
/** Whether the server applied the scope (false: the whole catalogue fits in the budget). */
export const SCOPED_KEY = 'catalogue.scoped';
/** Whether the mirror has caught up with its scope once (until then it asks `fresh`: no leftIds). */
const CAUGHT_UP_KEY = 'catalogue.caughtUp';
/** The server's feed epoch the mirror was pulled under (src/local/feed-epoch.ts). */
const EPOCH_KEY = 'catalogue.epoch';

interface StoredEtag {
  since: number;
  etag: string;
}

export function toLocalProduct(product: Product): LocalProduct {
  return { ...product, haystack: searchHaystack(product) };
}

export interface PullResult {
  changed: number;
  /** Listings deleted on the server, or gone out of the scope. */
  deleted: number;
  /** Listings the budget evicted after the pull. */
  evicted: number;
  cursor: number;
}

/**
 * Brings the local mirror up to date: asks for everything after our cursor, page by page,
 * and applies each page before its cursor moves, so an interrupted pull resumes where it
 * stopped and never skips a change. A pull asked for while one is running joins it, and
 * tabs take turns through a Web Lock where the browser has them.
 */
export function pullCatalogue(api: ApiClient, db: AkuafoDb = localDb): Promise<PullResult> {
  const running = pullsRunning.get(db);
  // Joined, unless the scope moved since the running pull read it (a region chosen while the
  // first pull was still out): then once more, in the new scope, when it ends.
  if (running) return running.then((result) => (pullsRunning.get(db) ?? pullAgainIfScopeMoved(api, db, result)));
  const started = inTurn(db.name, () => pullPages(api, db)).finally(() => pullsRunning.delete(db));
  pullsRunning.set(db, started);
  return started;
}
const pullsRunning = new WeakMap<AkuafoDb, Promise<PullResult>>();

async function pullAgainIfScopeMoved(api: ApiClient, db: AkuafoDb, result: PullResult): Promise<PullResult> {
  const [wanted, pulled] = await Promise.all([readMirrorScope(db).then(scopeSignature), getMeta<string>(SCOPE_KEY, db)]);
  return wanted === pulled ? result : pullCatalogue(api, db);
}

function inTurn<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? (locks.request(`catalogue-pull:${name}`, work) as Promise<T>) : work();
}

async function pullPages(api: ApiClient, db: AkuafoDb): Promise<PullResult> {
  const scope = await readMirrorScope(db);
  const kept = await keptIds(db);
  const budget = await mirrorBudget(db);
  const dropped = await followScope(scopeSignature(scope), (p) => inArea(p, scope), new Set(kept), db);
  let fresh = (await getMeta<boolean>(CAUGHT_UP_KEY, db)) !== true;
  const scopeParams = { ...scopeSearchParams(scope, kept), budget: String(budget), ...(fresh ? { fresh: '1' as const } : {}) };
  const result: PullResult = { changed: 0, deleted: dropped, evicted: 0, cursor: (await getMeta<number>(CURSOR_KEY, db)) ?? 0 };
  let restarted = false;
  for (;;) {
    // An unchanged catalogue costs a bodiless 304: we send back the ETag of the last answer
    // for this same cursor (the server's ETag is a digest of the answer).
    const stored = await getMeta<StoredEtag>(ETAG_KEY, db);
    let etag: string | null = null;
    // Undefined for a 304.
    const answer: { data: CatalogueDelta } | undefined = await api.call('GET /sync/catalogue', { query: { ...scopeParams, since: String(result.cursor) } }, {
      headers: stored?.since === result.cursor ? { 'If-None-Match': stored.etag } : undefined,
      throwHttpErrors: (status) => status !== 304,
      hooks: { afterResponse: [(_request, _options, response) => void (etag = response.headers.get('etag'))] },
    });
    if (!answer) {
      await setMeta(PULLED_AT_KEY, new Date().toISOString(), db);
      if (fresh) await setMeta(CAUGHT_UP_KEY, true, db);
      break; // 304: nothing new
    }
    const delta = answer.data;
    if (feedWentBack(await getMeta<number>(EPOCH_KEY, db), { ...delta, empty: delta.products.length + delta.deletedIds.length === 0 }, result.cursor)) {
      // The server's database went back (a restore): the cursor is of a lost history. Start
      // again from 0, once per pull, as for a new scope.
      if (restarted) throw new Error('The catalogue feed went back twice in one pull.');
      restarted = true;
      result.deleted += await startAgain(new Set(kept), db);
      result.cursor = 0;
      fresh = true;
      scopeParams.fresh = '1';
      continue;
    }
    if (delta.epoch !== undefined) await setMeta(EPOCH_KEY, delta.epoch, db);
    // What left the scope goes, but never what its owner keeps.
    const keptSet = new Set(kept);
    const gone = [...delta.deletedIds, ...(delta.leftIds ?? []).filter((id) => !keptSet.has(id))];
    await applyDelta({ ...delta, deletedIds: gone }, result.cursor, etag, db);
    await setMeta(SCOPED_KEY, delta.leftIds !== undefined, db);
    result.changed += delta.products.length;
    result.deleted += gone.length;
    result.cursor = delta.cursor;
    if (!delta.hasMore) {
      if (fresh) await setMeta(CAUGHT_UP_KEY, true, db);
      break;
    }
  }
  result.evicted = await evictBeyondBudget(budget, new Set(await keptIds(db)), db);
  rememberPulledCatalogue();
  return result;
}

/**
 * A new scope (another region or other categories, or a mirror from before scopes): the
 * listings outside it go, but those the owner keeps, and the pull starts afresh for the new
 * scope (its shelves come back with it). Returns how many went.
 */
async function followScope(signature: string, inNewArea: (p: LocalProduct) => boolean, kept: Set<number>, db: AkuafoDb): Promise<number> {
  if ((await getMeta<string>(SCOPE_KEY, db)) === signature) return 0;
  // The whole catalogue fitted in the budget last time: it still holds every listing of the new scope.
  if ((await getMeta<boolean>(SCOPED_KEY, db)) === false) {
    await setMeta(SCOPE_KEY, signature, db);
    return 0;
  }
  return db.transaction('rw', db.products, db.productDetails, db.meta, async () => {
    const gone = (await db.products.filter((p) => !kept.has(p.id) && !inNewArea(p)).primaryKeys()) as number[];
    if (gone.length) await db.products.bulkDelete(gone);
    await db.meta.bulkDelete([CURSOR_KEY, ETAG_KEY, CAUGHT_UP_KEY]);
    await setMeta(SCOPE_KEY, signature, db);
    await bumpGeneration(db);
    return gone.length;
  });
}

/**
 * The server's database went back: listings of the lost history may be gone from it, and a
 * pull from 0 brings back every one it still has (deletions from before a cursor of 0 are not
 * sent), so the mirror keeps only what its owner keeps and starts its cursor again.
 */
async function startAgain(kept: Set<number>, db: AkuafoDb): Promise<number> {
  return db.transaction('rw', db.products, db.productDetails, db.meta, async () => {
    const gone = (await db.products.filter((p) => !kept.has(p.id)).primaryKeys()) as number[];
    if (gone.length) await db.products.bulkDelete(gone);
    await db.meta.bulkDelete([CURSOR_KEY, ETAG_KEY, CAUGHT_UP_KEY, EPOCH_KEY]);
    await bumpGeneration(db);
    return gone.length;
  });
}

/**
 * Keeps the mirror within its budget of listings: those its owner keeps stay; of the rest,
 * unlisted ones go first, then the least recently changed (the lists show the newest first
 * and the shelves the latest changes, so those are the least likely to be looked at).
 */
export async function evictBeyondBudget(budget: number, kept: Set<number>, db: AkuafoDb = localDb): Promise<number> {
  const excess = (await db.products.count()) - budget;
  if (excess <= 0) return 0;
  return db.transaction('rw', db.products, db.meta, async () => {
    const candidates: { id: number; isActive: boolean; updatedAt: string }[] = [];
    await db.products.each((p) => {
      if (!kept.has(p.id)) candidates.push({ id: p.id, isActive: p.isActive, updatedAt: p.updatedAt });
    });
    candidates.sort((a, b) => Number(a.isActive) - Number(b.isActive) || (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id - b.id));
    const gone = candidates.slice(0, excess).map((c) => c.id);
    await db.products.bulkDelete(gone);
    await bumpGeneration(db);
    return gone.length;
  });
}

/**
 * Writes a page of the delta in slices, a transaction and a task each: a first visit's whole
 * catalogue written at once held a cheap phone's main thread for a long moment. The cursor
 * moves only with the last slice, so a pull stopped halfway asks for the page again (the
 * writes are idempotent) and never skips a change. An answer that comes late (another tab's
 * pull went further meanwhile) never puts back an older product or moves the cursor back.
 */
async function applyDelta(delta: CatalogueDelta, since: number, etag: string | null, db: AkuafoDb): Promise<void> {
  for (let start = 0; ; start += CATALOGUE_WRITE_SLICE) {
    const slice = delta.products.slice(start, start + CATALOGUE_WRITE_SLICE);
    const last = start + CATALOGUE_WRITE_SLICE >= delta.products.length;
    await db.transaction('rw', db.products, db.productDetails, db.meta, async () => {
      // Everything up to the mirror's cursor is in already: a late page holds nothing newer.
      const held = (await getMeta<number>(CURSOR_KEY, db)) ?? 0;
      const behind = held >= delta.cursor;
      const current = behind ? [] : await db.products.bulkGet(slice.map((p) => p.id));
      const newer = behind ? [] : slice.filter((p, i) => !current[i] || current[i]!.version <= p.version);
      if (newer.length) {
        await db.products.bulkPut(newer.map(toLocalProduct));
        // Cached details keep their reviews but take the product's new price, stock and rating.
        const cached = await db.productDetails.bulkGet(newer.map((p) => p.id));
        const refreshed = cached.flatMap((detail, i) => (detail ? [{ ...detail, ...newer[i] }] : []));
        if (refreshed.length) await db.productDetails.bulkPut(refreshed);
      }
      if (!last) return;
      if (!behind && delta.deletedIds.length) {
        await db.products.bulkDelete(delta.deletedIds);
        await db.productDetails.bulkDelete(delta.deletedIds);
      }
      await setMeta(CURSOR_KEY, Math.max(held, delta.cursor), db);
      await setMeta(PULLED_AT_KEY, new Date().toISOString(), db);
      if (etag) await setMeta(ETAG_KEY, { since, etag } satisfies StoredEtag, db);
    });
    if (last) return;
    await nextTask();
  }
}
/** Products per write: about 5 ms of a fast CPU each, so under 50 ms on a phone four times slower. */
export const CATALOGUE_WRITE_SLICE = 10;

// Read synchronously, unlike IndexedDB: on a first visit a screen asks the server at once
// rather than only after the database has opened and said it holds no catalogue.
const PULLED_HINT = 'akuafo.catalogue-pulled';

function rememberPulledCatalogue(): void {
  try {
    globalThis.localStorage?.setItem(PULLED_HINT, '1');
  } catch {
    // No storage (a worker, a locked-down browser): screens just wait for IndexedDB.
  }
}

/** Whether this browser has pulled the catalogue before (a hint: IndexedDB holds the truth). */
export function catalogueMaybePulled(): boolean {
  try {
    return globalThis.localStorage?.getItem(PULLED_HINT) === '1';
  } catch {
    return true;
  }
}

export function lastPulledAt(db: AkuafoDb = localDb): Promise<string | undefined> {
  return getMeta<string>(PULLED_AT_KEY, db);
}
