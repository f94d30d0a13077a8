import { getMeta, localDb, setMeta, type AkuafoDb, type Draft } from './db';
import { cachedBytes, PACK_CACHE, VIEWED_PICTURES_CACHE } from './pictures';

/**
 * Storage that stays: the browser may clear a site's data when the phone runs short of
 * space, unless the site asked to keep it and was allowed to.
 */
export interface Persistence {
  requestedAt: string;
  granted: boolean;
}

const PERSISTENCE_KEY = 'storage.persistence';

type Manager = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>;
const browserStorage = (): Manager | undefined => globalThis.navigator?.storage;

/**
 * Asks the browser to keep our storage. Called at moments the user shows they mean to keep
 * the app (signing in, installing it, saving a pack), when browsers are most likely to say
 * yes; asking again once granted costs nothing. Returns undefined where it cannot be asked.
 */
export async function requestPersistentStorage(db: AkuafoDb = localDb, manager: Manager | undefined = browserStorage()): Promise<boolean | undefined> {
  if (!manager?.persist) return undefined;
  const granted = (await manager.persisted()) || (await manager.persist());
  await setMeta(PERSISTENCE_KEY, { requestedAt: new Date().toISOString(), granted } satisfies Persistence, db);
  return granted;
}

export function lastPersistenceRequest(db: AkuafoDb = localDb): Promise<Persistence | undefined> {
  return getMeta<Persistence>(PERSISTENCE_KEY, db);
}

export interface StorageReport {
  /** Whether the browser promised to keep our storage; undefined where it cannot say. */
  persisted: boolean | undefined;
  /** The browser's own figures for the whole site (all storage), when it gives them. */
  usage?: number;
  quota?: number;
  /**
   * What takes the space, in bytes; they add up to `total`. appFiles: the app's own code and
   * pages kept to open offline (the service worker's other caches); other: what the browser
   * counts beyond our measures (IndexedDB's indexes and bookkeeping, the service worker).
   */
  parts: { catalogue: number; pictures: number; savedPictures: number; drafts: number; orders: number; appFiles: number; other: number };
  /** All the app holds on the phone: the browser's figure, or the parts' sum where it gives none. */
  total: number;
  pictureCount: number;
  savedPictureCount: number;
}

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

async function tableBytes<T>(each: (fn: (row: T) => void) => Promise<void>, size: (row: T) => number = jsonBytes): Promise<number> {
  let total = 0;
  await each((row) => {
    total += size(row);
  });
  return total;
}

/**
 * What the app keeps on this phone: the catalogue mirror, pictures (viewed and saved in
 * packs), seller drafts with their photos, and orders. Dexie rows are measured as the JSON
 * they hold (IndexedDB's own overhead is not counted); pictures by their bytes.
 */
export async function storageReport(
  db: AkuafoDb = localDb,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
  manager: Manager | undefined = browserStorage(),
): Promise<StorageReport> {
  const [estimate, persisted, catalogue, details, drafts, orders, viewed, saved, appFiles] = await Promise.all([
    manager?.estimate?.().catch(() => undefined),
    manager?.persisted?.().catch(() => undefined),
    tableBytes((fn) => db.products.each(fn)),
    tableBytes((fn) => db.productDetails.each(fn)),
    tableBytes<Draft>((fn) => db.drafts.each(fn), (d) => jsonBytes({ ...d, images: undefined }) + d.images.reduce((sum, blob) => sum + blob.size, 0)),
    tableBytes((fn) => db.orders.each(fn)),
    cacheStorage ? cachedBytes(VIEWED_PICTURES_CACHE, cacheStorage) : { count: 0, bytes: 0 },
    cacheStorage ? cachedBytes(PACK_CACHE, cacheStorage) : { count: 0, bytes: 0 },
    cacheStorage ? appCacheBytes(cacheStorage) : 0,
  ]);
  const measured = catalogue + details + viewed.bytes + saved.bytes + drafts + orders + appFiles;
  const total = Math.max(estimate?.usage ?? 0, measured);
  return {
    persisted,
    usage: estimate?.usage,
    quota: estimate?.quota,
    parts: { catalogue: catalogue + details, pictures: viewed.bytes, savedPictures: saved.bytes, drafts, orders, appFiles, other: total - measured },
    total,
    pictureCount: viewed.count,
    savedPictureCount: saved.count,
  };
}

/** The service worker's caches other than pictures: the app's code, its offline pages. */
async function appCacheBytes(cacheStorage: CacheStorage): Promise<number> {
  let bytes = 0;
  for (const name of await cacheStorage.keys()) {
    if (name !== VIEWED_PICTURES_CACHE && name !== PACK_CACHE) bytes += (await cachedBytes(name, cacheStorage)).bytes;
  }
  return bytes;
}
