import type { Product } from '../shared/schemas/catalogue';
import type { ApiClient } from './api';
import { toLocalProduct } from './catalogue';
import { localDb, type AkuafoDb, type OutboxEntry } from './db';
import { requestFor } from '../shared/api/path';
import { defineOutboxKind, enqueueWith } from './outbox';
import { readSession } from './session';

/**
 * Saved items on the phone: product ids, newest first, in db.meta 'wishlist' (no schema
 * change), next to 'wishlist.owner', the user they belong to, so a second account on the same
 * phone never sees the first one's list. Each save or removal is an idempotent intent
 * ("P is saved" / "P is not saved") applied here at once and sent through the outbox.
 * What the screen shows: the server's last answer with the still-queued intents on top.
 */
export const WISHLIST_KEY = 'wishlist';
const OWNER_KEY = 'wishlist.owner';
export const wishlistEntity = (productId: number) => `wishlist:${productId}` as const;

export const WISHLIST_MESSAGES = { signIn: 'Please sign in to save items.' } as const;

/** Thrown for a visitor: `reason` 'signin' is what the catalogue's sign-in redirect checks. */
export class WishlistError extends Error {
  readonly reason = 'signin';
  constructor(message: string = WISHLIST_MESSAGES.signIn) {
    super(message);
    this.name = 'WishlistError';
  }
}

async function signedInUserId(db: AkuafoDb): Promise<number | undefined> {
  return (await readSession(db))?.user.id;
}

/** The saved product ids of the signed-in user (empty for a visitor or another user's list). */
export async function readWishlistIds(db: AkuafoDb = localDb): Promise<number[]> {
  const [ids, owner] = await db.meta.bulkGet([WISHLIST_KEY, OWNER_KEY]);
  const userId = await signedInUserId(db);
  if (userId === undefined || owner?.value !== userId || !Array.isArray(ids?.value)) return [];
  return ids.value as number[];
}

async function writeIds(ids: number[], userId: number, db: AkuafoDb): Promise<void> {
  await db.meta.bulkPut([{ key: WISHLIST_KEY, value: ids }, { key: OWNER_KEY, value: userId }]);
}

/** The saved products the mirror holds, newest save first (products gone from the mirror drop out). */
export async function readWishlistProducts(db: AkuafoDb = localDb): Promise<Product[]> {
  const ids = await readWishlistIds(db);
  const products = await db.products.bulkGet(ids);
  return products.filter((p): p is NonNullable<typeof p> => p !== undefined);
}

export async function isSaved(productId: number, db: AkuafoDb = localDb): Promise<boolean> {
  return (await readWishlistIds(db)).includes(productId);
}

/** Saves a product (a no-op if already saved). Throws WishlistError for a visitor. */
export async function saveToWishlist(productId: number, db: AkuafoDb = localDb): Promise<void> {
  await change(productId, true, db);
}

/** Takes a product off the list (a no-op if it is not there). */
export async function removeFromWishlist(productId: number, db: AkuafoDb = localDb): Promise<void> {
  await change(productId, false, db);
}

async function change(productId: number, saved: boolean, db: AkuafoDb): Promise<void> {
  const userId = await signedInUserId(db);
  if (userId === undefined) throw new WishlistError();
  await enqueueWith(async () => {
    const ids = await readWishlistIds(db);
    if (ids.includes(productId) === saved) return undefined;
    await writeIds(saved ? [productId, ...ids] : ids.filter((id) => id !== productId), userId, db);
    const name = (await db.products.get(productId))?.name ?? { id: 'outbox.product' as const, values: { id: productId } };
    return {
      entity: wishlistEntity(productId),
      ...requestFor(saved ? 'PUT /shop/customers/me/wishlist/:productId' : 'DELETE /shop/customers/me/wishlist/:productId', { params: { productId } }),
      message: { id: saved ? 'outbox.wishlistSave' : 'outbox.wishlistRemove', values: { name } },
    };
  }, db);
}

/**
 * Re-reads the saved items from the server and lays the still-pending intents on top (failed
 * ones are left out: that is the restore after a refusal). Saved products the mirror does not
 * hold yet are added to it, so the list shows offline. Does nothing for a visitor.
 */
export async function pullWishlist(api: ApiClient, db: AkuafoDb = localDb): Promise<number[] | undefined> {
  const userId = await signedInUserId(db);
  if (userId === undefined) return undefined;
  const { data } = await api.call('GET /shop/customers/me/wishlist');
  return adoptWishlist(data, userId, db);
}

/** The server's saved items (read, or the answer to a write) on the phone, with the still-pending intents on top. */
function adoptWishlist(data: Product[], userId: number, db: AkuafoDb): Promise<number[] | undefined> {
  return db.transaction('rw', db.meta, db.outbox, db.products, db.session, async () => {
    // Signed out or switched account while the request was out: this answer is not theirs.
    if ((await signedInUserId(db)) !== userId) return undefined;
    const known = new Set((await db.products.bulkGet(data.map((p) => p.id))).filter(Boolean).map((p) => p!.id));
    await db.products.bulkPut(data.filter((p) => !known.has(p.id)).map(toLocalProduct));
    let ids = data.map((p) => p.id);
    const waiting = await db.outbox.where('status').equals('pending').filter((e) => e.entity.startsWith('wishlist:')).sortBy('seq');
    for (const entry of waiting) ids = applyIntent(ids, entry);
    await writeIds(ids, userId, db);
    return ids;
  });
}

function applyIntent(ids: number[], entry: OutboxEntry): number[] {
  const productId = Number(entry.entity.slice('wishlist:'.length));
  const without = ids.filter((id) => id !== productId);
  return entry.method === 'PUT' ? [productId, ...without] : without;
}

export const wishlistKind = defineOutboxKind<'wishlist', { data: Product[] }>({
  kind: 'wishlist',
  // Once the last queued wishlist change is through, show exactly what the server holds: a
  // save or removal answers with the whole list, so no second read.
  onSent: async ({ data }, _entry, { db, drained }) => {
    const userId = await signedInUserId(db);
    if (drained && userId !== undefined) await adoptWishlist(data, userId, db);
  },
  // A refused or discarded save/removal (e.g. the product was delisted): put back the server's list.
  onRefused: async (_entry, { api, db }) => {
    await pullWishlist(api, db);
  },
  // Each entity is one product and every intent is "make it so": a later one makes an earlier
  // one moot, so tapping the heart ten times offline costs at most one request.
  supersedes: () => true,
});
