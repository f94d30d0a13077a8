import { requestFor } from '../shared/api/path';
import type { SellerOrder, SellerOrdersQueryInput, SellerProfile, SellerProfileUpdateInput, SellerRegistrationInput } from '../shared/schemas/sellers';
import { ApiError, type ApiClient } from './api';
import { getMeta, localDb, setMeta, type AkuafoDb } from './db';
import { accountOf, keepForSession, readSession } from './session';
import { announce, defineOutboxKind, enqueue, enqueueWith, kindOf } from './outbox';

/**
 * The seller's own data on the phone: profile, analytics and orders are kept in db.meta
 * per account (keyed by its id, never the e-mail: '' for every phone-only account) so the
 * dashboard opens offline with the last known figures; profile edits go through the outbox
 * like every other write.
 */
export const SELLER_PROFILE_KIND = 'seller-profile';

export const profileKey = (owner: number) => `seller.profile:${owner}`;
export const statsKey = (owner: number) => `seller.stats:${owner}`;
export const earningsKey = (owner: number) => `seller.earnings:${owner}`;
export const recordKey = (owner: number) => `seller.record:${owner}`;
export const sharedRecordsKey = (owner: number) => `seller.record-shares:${owner}`;
const ordersKey = (owner: number, page: number, status = '') => `seller.orders:${owner}:${status || 'all'}:${page}`;

export interface Cached<T> {
  value: T;
  fetchedAt: string;
}

/** Reads from the server and keeps the copy (for `owner`, if still signed in); offline, the kept copy. */
export async function readThrough<T>(db: AkuafoDb, owner: number, key: string, load: () => Promise<T>): Promise<Cached<T> & { fromCache: boolean }> {
  try {
    const asked = await readSession(db);
    const value = await load();
    const cached = { value, fetchedAt: new Date().toISOString() };
    // Kept under `owner`'s key only for the sign-in that asked, and only if it is `owner`'s.
    if (accountOf(asked) === owner) await keepForSession(db, asked, [db.meta], () => setMeta(key, cached, db));
    return { ...cached, fromCache: false };
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) {
      const cached = await getMeta<Cached<T>>(key, db);
      if (cached) return { ...cached, fromCache: true };
    }
    throw error;
  }
}

export function refreshSellerProfile(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readThrough(db, owner, profileKey(owner), async () => (await api.call('GET /sellers/me')).data);
}

export function refreshSellerStats(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readThrough(db, owner, statsKey(owner), async () => (await api.call('GET /sellers/me/stats')).data);
}

/** The seller's money (held, available, paid out, entries): the last copy opens offline. */
export function refreshSellerEarnings(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readThrough(db, owner, earningsKey(owner), async () => (await api.call('GET /sellers/me/earnings')).data);
}

/** The seller's sales record (24 months collected, docs/records.md): the last copy opens offline. */
export function refreshSellerRecord(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readThrough(db, owner, recordKey(owner), async () => (await api.call('GET /sellers/me/record')).data);
}

/** The records the seller shared (codes, withdrawn or not): the last copy opens offline. */
export function refreshSharedRecords(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readThrough(db, owner, sharedRecordsKey(owner), async () => (await api.call('GET /sellers/me/record/shares')).data);
}

/**
 * Sharing signs the record of this moment on the server, so it needs the network (it is not
 * queued: a record signed later would not be the one the seller asked for).
 */
export async function shareSalesRecord(api: ApiClient) {
  return (await api.call('POST /sellers/me/record/share', {}, { headers: { 'Idempotency-Key': crypto.randomUUID() } })).data;
}

export async function revokeSalesRecord(api: ApiClient, code: string) {
  await api.call('DELETE /sellers/me/record/share/:code', { params: { code } }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
}

/** A page of the seller's orders (optionally of one state), with marks still in the outbox laid over it. */
export async function refreshSellerOrders(api: ApiClient, owner: number, page: number, db: AkuafoDb = localDb, status = '') {
  const read = await readThrough(db, owner, ordersKey(owner, page, status), () =>
    api.call('GET /sellers/me/orders', { query: { page: String(page), status: (status || undefined) as SellerOrdersQueryInput['status'] } }),
  );
  const queued = await db.outbox.where('status').equals('pending').filter((e) => kindOf(e.entity) === SELLER_ORDER_KIND).sortBy('seq');
  // The latest queued intent per line wins: a mark shows as arrived, an undo as not.
  const latest = new Map(queued.map((e) => [(e.body as MarkIntent).itemId, e.method === 'PUT' ? e.createdAt : null]));
  if (latest.size === 0) return read;
  const data = read.value.data.map((o) => ({ ...o, items: o.items.map((i) => (latest.has(i.id) ? { ...i, atWarehouseAt: i.atWarehouseAt && latest.get(i.id) ? i.atWarehouseAt : latest.get(i.id)! } : i)) }));
  return { ...read, value: { ...read.value, data } };
}

// ---- Fulfilment: "this line is at the warehouse", through the outbox like every write ----

export const SELLER_ORDER_KIND = 'seller-order';
interface MarkIntent {
  itemId: number;
}

/** Marks one of the seller's lines as brought to the pickup warehouse; sent when the network allows. */
export async function markAtWarehouse(order: Pick<SellerOrder, 'id' | 'orderNumber'>, item: Pick<SellerOrder['items'][number], 'id' | 'productName'>, db: AkuafoDb = localDb) {
  const body: MarkIntent = { itemId: item.id };
  return enqueue(
    {
      entity: `${SELLER_ORDER_KIND}:${order.id}`,
      ...requestFor('PUT /sellers/me/orders/:orderId/items/:itemId/at-warehouse', { params: { orderId: order.id, itemId: item.id } }),
      body,
      message: { id: 'outbox.atWarehouse', values: { name: item.productName, number: order.orderNumber } },
    },
    undefined,
    db,
  );
}

/**
 * Takes a mistaken mark back. A mark still waiting on this phone is simply dropped; one the
 * server has is undone there (allowed until the order is ready for pickup: after that the
 * server refuses and the sync list shows its reason).
 */
export async function undoAtWarehouse(order: Pick<SellerOrder, 'id' | 'orderNumber'>, item: Pick<SellerOrder['items'][number], 'id' | 'productName'>, db: AkuafoDb = localDb) {
  const { path } = requestFor('DELETE /sellers/me/orders/:orderId/items/:itemId/at-warehouse', { params: { orderId: order.id, itemId: item.id } });
  const entry = await enqueueWith(async () => {
    const unsent = await db.outbox.where('entity').equals(`${SELLER_ORDER_KIND}:${order.id}`).filter((e) => e.path === path && e.status === 'pending' && e.attempts === 0).toArray();
    const last = unsent.sort((a, b) => a.seq! - b.seq!).at(-1);
    if (last?.method === 'PUT') {
      await db.outbox.delete(last.seq!);
      return undefined;
    }
    const body: MarkIntent = { itemId: item.id };
    return { entity: `${SELLER_ORDER_KIND}:${order.id}`, method: 'DELETE', path, body, message: { id: 'outbox.atWarehouseUndo', values: { name: item.productName, number: order.orderNumber } } };
  }, db);
  if (!entry) announce();
  return entry;
}

// "At the warehouse" and its undo are set-to intents: a later one for the same line makes an earlier unsent one moot.
export const sellerOrderKind = defineOutboxKind({
  kind: SELLER_ORDER_KIND,
  supersedes: (earlier, later) => (earlier.body as MarkIntent).itemId === (later.body as MarkIntent).itemId,
});

/** Saves profile fields: at once on the phone, and on the server through the outbox. */
export async function saveSellerProfile(owner: number, changes: SellerProfileUpdateInput, db: AkuafoDb = localDb) {
  return enqueue(
    { entity: `${SELLER_PROFILE_KIND}:${owner}`, ...requestFor('PUT /sellers/me', { body: changes }), message: { id: 'outbox.sellerProfile' } },
    async () => {
      const cached = await getMeta<Cached<SellerProfile>>(profileKey(owner), db);
      if (!cached) return;
      const value = { ...cached.value };
      for (const [field, text] of Object.entries(changes)) {
        if (text !== undefined) (value as unknown as Record<string, unknown>)[field] = text === '' ? null : text;
      }
      await setMeta(profileKey(owner), { ...cached, value }, db);
    },
    db,
  );
}

// After the server answered either way, show what it holds.
const reread = async (entry: { entity: string }, { api, db }: { api: ApiClient; db: AkuafoDb }) => {
  await refreshSellerProfile(api, Number(entry.entity.slice(SELLER_PROFILE_KIND.length + 1)), db);
};
export const sellerProfileKind = defineOutboxKind({
  kind: SELLER_PROFILE_KIND,
  onSent: (_answer, entry, context) => reread(entry, context),
  onRefused: reread,
});

// ---- Registration and e-mail verification (online by nature: the mail must go out) ----

export async function registerSeller(api: ApiClient, input: SellerRegistrationInput): Promise<{ message: string; email: string }> {
  return (await api.call('POST /sellers/register', { body: input })).data;
}

export async function verifySellerEmail(api: ApiClient, token: string): Promise<{ message: string; email: string }> {
  return (await api.call('POST /sellers/verify-email', { body: { token } })).data;
}

export async function resendSellerVerification(api: ApiClient, email: string): Promise<{ message: string }> {
  return (await api.call('POST /sellers/resend-verification', { body: { email } })).data;
}
