import type { Db, Dialect } from '../../platform/db';
import { now } from '../../platform/db';
import { PUSH_MAX_DEVICES } from '../../platform/messages/push-endpoint';
import { inTransaction } from '../../platform/db/transactions';

/**
 * Saves a device's push subscription and keeps the account's newest PUSH_MAX_DEVICES: one
 * event reaches at most that many push services, however many subscriptions are sent. The
 * account's row is locked first (PostgreSQL; SQLite writes one at a time anyway), so a burst
 * of parallel subscribes cannot all see room for themselves.
 */
export async function saveSubscription(db: Db, dialect: Dialect, userId: number, device: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const at = now();
    await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, created_at: at })
      // A device subscribing again counts as new: it is the one in use.
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: device.p256dh, auth: device.auth, created_at: at }))
      .execute();
    const keep = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSH_MAX_DEVICES)
      .execute();
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', keep.map((k) => k.id)).execute();
  });
}

/** Forgets one of the user's devices (nothing happens for another user's endpoint). */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).execute();
}
