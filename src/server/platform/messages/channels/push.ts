import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../../../shared/schemas/notifications';
import type { Db } from '../../db';
import type { VapidKeys } from '../vapid';
import { PermanentFailure, type Channel } from './types';

/**
 * Web Push (RFC 8030/8291/8292) with the web-push library: the payload is encrypted for the
 * device (aes128gcm) and signed with our VAPID key. A push service that answers 404 or 410
 * says the subscription is gone: it is deleted, with its unsent messages.
 */
export function pushChannel(db: Db, keys: () => Promise<VapidKeys>, options: { agent?: Agent } = {}): Channel {
  let loaded: Promise<VapidKeys> | undefined;
  return {
    async send(message) {
      if (message.push_subscription_id === null) throw new PermanentFailure('A push message without a device');
      const device = await db.selectFrom('push_subscriptions').selectAll().where('id', '=', message.push_subscription_id).executeTakeFirst();
      if (!device) return; // unsubscribed meanwhile: nothing to deliver to
      const vapid = await (loaded ??= keys().catch((error) => {
        loaded = undefined;
        throw error;
      }));
      const payload: PushPayload = { title: message.subject ?? 'Akuafo Market', body: message.body, url: message.link ?? '/', tag: `message-${message.id}` };
      try {
        await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: 24 * 3600,
          urgency: 'high',
          timeout: 20_000,
          ...(options.agent ? { agent: options.agent } : {}),
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
          return;
        }
        throw new Error(status ? `The push service answered ${status}: ${(error as { body?: string }).body ?? ''}`.trim() : String((error as Error).message ?? error));
      }
    },
  };
}
