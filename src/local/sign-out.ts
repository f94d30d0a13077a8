import type { ApiClient } from './api';
import type { CachedDetail } from './catalogue-detail';
import { localDb, type AkuafoDb } from './db';
import { isOnline } from './network';
import { currentPushSubscription } from './notifications';
import { replayExclusively } from './replayer';
import { readSession } from './session';

/**
 * Signing out of a shared phone. Family phones are normal for our users: once one person signs
 * out, the next must find nothing of theirs. So sign-out keeps only what belongs to the device
 * (the public catalogue and its pictures, offline packs, Data saver, data used this month) and
 * removes everything else: session, cart, orders (pickup codes, wallet numbers, addresses),
 * profile, checkout, wishlist, seller data, drafts, and the outbox. Changes still queued are
 * sent first; those that cannot be sent (offline, or refused) are only dropped when the user
 * says so.
 */

/** Meta keys that describe the device, not the person: kept. Every other key is personal. */
const DEVICE_META = ['catalogue.', 'prices.', 'settings.', 'storage.', 'pack.', 'usage.'];
const isDeviceKey = (key: string) => DEVICE_META.some((prefix) => key.startsWith(prefix));

/** How long sign-out waits for queued changes to go out before it asks the user. */
export const SEND_BEFORE_SIGN_OUT_MS = 15_000;

export type SignOutResult =
  /** Signed out; `serverTold` settles once the server has ended the refresh token (or could not be told). */
  | { signedOut: true; serverTold: Promise<void> }
  /** Not signed out: this many changes are still unsent. Ask, then call again with `discardUnsent`. */
  | { signedOut: false; unsent: number };

/** Changes on this phone that have not reached the server (waiting or refused). */
export function unsentChanges(db: AkuafoDb = localDb): Promise<number> {
  return db.outbox.count();
}

/**
 * Sends what is queued (when online), waiting at most `waitMs`; answers how many changes are
 * still unsent. Refused changes count: the user has not seen them through. A send still
 * running when the wait ends carries on; its answer is simply not waited for.
 */
export async function sendQueuedChanges(api: ApiClient, db: AkuafoDb = localDb, waitMs = SEND_BEFORE_SIGN_OUT_MS): Promise<number> {
  const pending = await db.outbox.where('status').equals('pending').count();
  if (pending > 0 && isOnline()) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([replayExclusively(api, db).catch(() => undefined), waited]);
    clearTimeout(timer);
  }
  return unsentChanges(db);
}

/**
 * Signs out on this device. With changes still unsent (after trying to send them), it does
 * nothing and says how many, unless `discardUnsent`: then they are dropped with the rest.
 */
export async function signOut(api: ApiClient, db: AkuafoDb = localDb, options: { discardUnsent?: boolean; waitMs?: number } = {}): Promise<SignOutResult> {
  if (!options.discardUnsent) {
    const unsent = await sendQueuedChanges(api, db, options.waitMs);
    if (unsent > 0) return { signedOut: false, unsent };
  }
  const session = await readSession(db);
  await forgetPersonalData(db);
  await stopPushOnThisDevice();
  // Best effort: offline, the refresh token simply expires.
  const serverTold = session ? api.call('POST /logout', { body: { refreshToken: session.refreshToken } }).then(() => undefined, () => undefined) : Promise.resolve();
  return { signedOut: true, serverTold };
}

/** Everything personal out of IndexedDB, in one transaction: a half-done sign-out leaves no half a person. */
export async function forgetPersonalData(db: AkuafoDb = localDb): Promise<void> {
  await db.transaction('rw', [db.session, db.cart, db.orders, db.drafts, db.outbox, db.meta, db.productDetails], async () => {
    await Promise.all([db.session.clear(), db.cart.clear(), db.orders.clear(), db.drafts.clear(), db.outbox.clear()]);
    const personal = (await db.meta.toCollection().primaryKeys()).filter((key) => !isDeviceKey(String(key)));
    await db.meta.bulkDelete(personal);
    // A product's detail is public, except whether the one who read it may review it (they bought it).
    await db.productDetails
      .filter((d) => (d as CachedDetail).cachedFor !== undefined)
      .modify((d) => {
        delete (d as CachedDetail).cachedFor;
        d.canReview = false;
      });
  });
}

/**
 * Order updates by Web Push would keep arriving for the person who left. Dropping the browser's
 * subscription needs no network (the push service refuses the dead endpoint from then on).
 */
async function stopPushOnThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => undefined);
}
