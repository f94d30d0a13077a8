import type { Category, ImageWidth } from '../shared/catalogue';
import type { OfflinePackSize } from '../shared/schemas/offline';
import type { ApiClient } from './api';
import { SCOPED_KEY } from './catalogue';
import { getMeta, localDb, setMeta, type AkuafoDb } from './db';
import { readMirrorScope } from './mirror-scope';
import { PACK_CACHE } from './pictures';
import { recordUsage, responseBytes } from './usage';

/**
 * Offline packs: every picture of a category (or of everything), saved on purpose so those
 * products show their pictures with no network, opened before or not. The bookkeeping is
 * in Dexie meta (`pack.<id>`), the pictures in their own Cache Storage cache (PACK_CACHE).
 */
export interface OfflinePack {
  /** The category, or 'all'. */
  id: string;
  category: Category | null;
  width: ImageWidth;
  /** Picture URLs to save, in order; the first `done` are saved. */
  urls: string[];
  done: number;
  /** Bytes downloaded so far (pictures already on the phone cost nothing). */
  bytes: number;
  /** What the server said the pack weighs before it started. */
  estimatedBytes: number;
  status: 'saving' | 'paused' | 'done';
  /** Why it stopped by itself (the network dropped); saving goes on when it is back. */
  error?: string;
  createdAt: string;
  updatedAt: string;
}

export const ALL_PACK = 'all';
export const PACK_NETWORK_ERROR = 'The network dropped. Saving goes on when it is back.';
const PREFIX = 'pack.';

export const packIdOf = (category: Category | null) => category ?? ALL_PACK;

export interface PackDeps {
  db?: AkuafoDb;
  cacheStorage?: CacheStorage;
  fetch?: typeof fetch;
  /** Where relative picture URLs live ('' in the browser: the page's origin). */
  origin?: string;
}

function resolve(deps: PackDeps) {
  return {
    db: deps.db ?? localDb,
    cacheStorage: deps.cacheStorage ?? globalThis.caches,
    fetch: deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    origin: deps.origin ?? globalThis.location?.origin ?? '',
  };
}

export async function readPack(id: string, db: AkuafoDb = localDb): Promise<OfflinePack | undefined> {
  return (await db.meta.get(PREFIX + id))?.value as OfflinePack | undefined;
}

const writePack = (pack: OfflinePack, db: AkuafoDb) => setMeta(PREFIX + pack.id, pack, db);

export async function listPacks(db: AkuafoDb = localDb): Promise<OfflinePack[]> {
  const rows = await db.meta.where('key').startsWith(PREFIX).toArray();
  return rows.map((r) => r.value as OfflinePack).sort((a, b) => (a.id === ALL_PACK ? -1 : b.id === ALL_PACK ? 1 : a.id < b.id ? -1 : 1));
}

/** The pictures a pack holds, from the mirror (its owner's scope): every picture of every listed product in it. */
export async function packPictureUrls(category: Category | null, width: ImageWidth, db: AkuafoDb = localDb): Promise<string[]> {
  const products = category ? db.products.where('category').equals(category) : db.products.toCollection();
  const urls = new Set<string>();
  await products.each((p) => {
    if (p.isActive) for (const image of p.images) urls.add(image.urls[width]);
  });
  return [...urls];
}

/**
 * What the pack will download, asked before it starts. A mirror that holds its owner's region
 * (mirror-scope.ts) makes packs of that region's pictures, so the server sizes that region's.
 */
export async function estimatePack(api: ApiClient, category: Category | null, width: ImageWidth, db: AkuafoDb = localDb): Promise<OfflinePackSize> {
  const { region } = await readMirrorScope(db);
  const scoped = region && (await getMeta<boolean>(SCOPED_KEY, db));
  return (await api.call('GET /offline-packs/size', { query: { width: String(width), category: category ?? undefined, region: scoped ? region : undefined } })).data;
}

/** Creates (or re-plans) a pack from the mirror; saving starts with savePack. */
export async function createPack(category: Category | null, width: ImageWidth, estimatedBytes: number, db: AkuafoDb = localDb): Promise<OfflinePack> {
  const at = new Date().toISOString();
  const previous = await readPack(packIdOf(category), db);
  const pack: OfflinePack = {
    id: packIdOf(category),
    category,
    width,
    urls: await packPictureUrls(category, width, db),
    done: 0,
    bytes: previous?.width === width ? previous.bytes : 0,
    estimatedBytes,
    status: 'paused',
    createdAt: previous?.createdAt ?? at,
    updatedAt: at,
  };
  await writePack(pack, db);
  return pack;
}

/**
 * Downloads a pack's missing pictures one by one, keeping its place in Dexie after each,
 * so a pause, a dropped network or a closed app resumes where it stopped. Pictures already
 * in the pack cache are not fetched again.
 */
export async function savePack(id: string, signal?: AbortSignal, deps: PackDeps = {}): Promise<OfflinePack> {
  const { db, cacheStorage, fetch, origin } = resolve(deps);
  let pack = await readPack(id, db);
  if (!pack) throw new Error(`No offline pack ${id}`);
  const cache = await cacheStorage.open(PACK_CACHE);
  pack = { ...pack, status: 'saving', error: undefined, updatedAt: new Date().toISOString() };
  await writePack(pack, db);
  while (pack.done < pack.urls.length) {
    if (signal?.aborted) break;
    const url = new URL(pack.urls[pack.done], origin || undefined).href;
    let bytes = 0;
    if (!(await cache.match(url))) {
      let response: Response;
      try {
        response = await fetch(url, { signal });
      } catch {
        if (signal?.aborted) break;
        pack = { ...pack, status: 'paused', error: PACK_NETWORK_ERROR, updatedAt: new Date().toISOString() };
        await writePack(pack, db);
        return pack;
      }
      // A picture removed since the plan was made is skipped, not retried forever.
      if (response.ok) {
        bytes = await responseBytes(response);
        await cache.put(url, response);
        await recordUsage('pictures', bytes, db);
      }
    }
    // Re-read: a pause or a removal may have happened while the picture was on its way.
    const latest = await readPack(id, db);
    if (!latest) return pack;
    pack = { ...latest, status: 'saving', done: pack.done + 1, bytes: pack.bytes + bytes, updatedAt: new Date().toISOString() };
    await writePack(pack, db);
  }
  pack = { ...pack, status: pack.done >= pack.urls.length ? 'done' : 'paused', updatedAt: new Date().toISOString() };
  await writePack(pack, db);
  return pack;
}

/** Removes a pack and the pictures no other pack still needs. */
export async function removePack(id: string, deps: PackDeps = {}): Promise<void> {
  const { db, cacheStorage, origin } = resolve(deps);
  running.get(id)?.abort();
  const pack = await readPack(id, db);
  if (!pack) return;
  await db.meta.delete(PREFIX + id);
  const kept = new Set((await listPacks(db)).flatMap((p) => p.urls));
  const cache = await cacheStorage.open(PACK_CACHE);
  for (const url of pack.urls) {
    if (!kept.has(url)) await cache.delete(new URL(url, origin || undefined).href);
  }
}

// The packs being saved in this page, so Pause can stop one and nothing runs twice.
const running = new Map<string, AbortController>();

/** Starts or resumes saving a pack in the background of this page. */
export function resumePack(id: string, deps: PackDeps = {}): Promise<OfflinePack> | undefined {
  if (running.has(id)) return undefined;
  const controller = new AbortController();
  running.set(id, controller);
  return savePack(id, controller.signal, deps).finally(() => running.delete(id));
}

/** Pause: stops the download after the picture on its way; Resume carries on from there. */
export async function pausePack(id: string, db: AkuafoDb = localDb): Promise<void> {
  running.get(id)?.abort();
  const pack = await readPack(id, db);
  if (pack && pack.status !== 'done') await writePack({ ...pack, status: 'paused', error: undefined }, db);
}

/**
 * A saved pack stays whole as the catalogue changes: pictures of products listed since it
 * was saved are added to its list (and then downloaded like the rest).
 */
export async function topUpPack(id: string, db: AkuafoDb = localDb): Promise<OfflinePack | undefined> {
  const pack = await readPack(id, db);
  if (!pack) return undefined;
  const known = new Set(pack.urls);
  const added = (await packPictureUrls(pack.category, pack.width, db)).filter((url) => !known.has(url));
  if (added.length === 0) return pack;
  const grown: OfflinePack = { ...pack, urls: [...pack.urls, ...added], status: pack.status === 'done' ? 'saving' : pack.status, updatedAt: new Date().toISOString() };
  await writePack(grown, db);
  return grown;
}

/**
 * On start and when the network returns: saved packs take in new products' pictures, and
 * packs that were saving, or stopped by the network, carry on.
 */
export async function resumeInterruptedPacks(deps: PackDeps = {}): Promise<void> {
  for (const { id } of await listPacks(deps.db)) {
    const pack = await topUpPack(id, deps.db);
    if (pack && (pack.status === 'saving' || (pack.status === 'paused' && pack.error))) void resumePack(pack.id, deps)?.catch(() => undefined);
  }
}
