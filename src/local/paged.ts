import type { KeysetPage } from '../shared/pagination';
import { getMeta, setMeta, type AkuafoDb } from './db';
import { readThrough, type Cached } from './sellers';
import { accountOf, keepForSession, readSession } from './session';

/**
 * A keyset-paged list kept on the phone (the staff's consignments, the loads board): the first
 * page is read through like any kept answer (sellers.ts's readThrough), and "Load more" asks the
 * server for the page after the kept copy's nextCursor and appends it to the copy, so what the
 * phone has loaded stays readable offline. A copy kept before paging (a bare array) reads as a
 * list with nothing more to load.
 */
export interface KeptList<T> {
  items: T[];
  /** The server's cursor of the page after these items; null: nothing more. */
  nextCursor: string | null;
}

const asList = <T>(kept: KeptList<T> | T[]): KeptList<T> => (Array.isArray(kept) ? { items: kept, nextCursor: null } : kept);

/** The list's first page from the server (kept for `owner`); offline, every page the phone kept. */
export async function readFirstPage<T>(db: AkuafoDb, owner: number, key: string, load: () => Promise<KeysetPage<T>>): Promise<Cached<KeptList<T>> & { fromCache: boolean }> {
  const read = await readThrough<KeptList<T> | T[]>(db, owner, key, async () => {
    const page = await load();
    return { items: page.data, nextCursor: page.nextCursor };
  });
  return { ...read, value: asList(read.value) };
}

/**
 * The page after what the phone kept under `key`, appended (an item already kept is not listed
 * twice) and kept; undefined when nothing is kept. Offline, the ApiError of the network is
 * thrown and the kept copy stays as it was.
 */
export async function readNextPage<T>(
  db: AkuafoDb,
  owner: number,
  key: string,
  load: (cursor: string) => Promise<KeysetPage<T>>,
  /** What names an item (its id; a line's order item): one kept already is not added again. */
  keyOf: (item: T) => string | number = (item) => (item as { id: number }).id,
): Promise<(Cached<KeptList<T>> & { fromCache: boolean }) | undefined> {
  const kept = await getMeta<Cached<KeptList<T> | T[]>>(key, db);
  if (!kept) return undefined;
  const list = asList(kept.value);
  if (list.nextCursor === null) return { ...kept, value: list, fromCache: false };
  const asked = await readSession(db);
  const page = await load(list.nextCursor);
  const seen = new Set(list.items.map(keyOf));
  const next: Cached<KeptList<T>> = { value: { items: [...list.items, ...page.data.filter((item) => !seen.has(keyOf(item)))], nextCursor: page.nextCursor }, fetchedAt: kept.fetchedAt };
  if (accountOf(asked) === owner) await keepForSession(db, asked, [db.meta], () => setMeta(key, next, db));
  return { ...next, fromCache: false };
}
