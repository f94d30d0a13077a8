import { Agent } from 'node:https';
import type { PushPayload } from '../../../../shared/schemas/notifications';
import type { Db } from '../../db';
import { endpointProblem, publicOnlyLookup, RefusedPushAddress } from '../push-endpoint';
import type { VapidKeys } from '../vapid';
import { PermanentFailure, type Channel } from './types';

export interface PushChannelOptions {
  /** Hosts exempt from the public-address check (PUSH_ALLOW_HOSTS: the tests' local push service). */
  allowHosts?: readonly string[];
  /** Extra certificate authorities to trust (the tests' self-signed push service). */
  ca?: string | Buffer;
}

/**
 * Web Push (RFC 8030/8291/8292) with the web-push library: the payload is encrypted for the
 * device (aes128gcm) and signed with our VAPID key. A push service that answers 404 or 410
 * says the subscription is gone: it is deleted, with its unsent messages. Connections go only
 * to public addresses, checked in the connection's own DNS lookup (push-endpoint.ts); an
 * endpoint that points inward, or a redirect, is a permanent failure and the device is
 * forgotten, so nothing is retried against it.
 */
export function pushChannel(db: Db, keys: () => Promise<VapidKeys>, options: PushChannelOptions = {}): Channel {
  const allowHosts = options.allowHosts ?? [];
  // No keep-alive: every connection makes its own lookup, so every connection is checked.
  const agent = new Agent({ lookup: publicOnlyLookup(allowHosts), ...(options.ca ? { ca: options.ca } : {}) });
  let loaded: Promise<VapidKeys> | undefined;
  const forget = (id: number) => db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  return {
    async send(message) {
      if (message.push_subscription_id === null) throw new PermanentFailure('A push message without a device');
      const device = await db.selectFrom('push_subscriptions').selectAll().where('id', '=', message.push_subscription_id).executeTakeFirst();
      if (!device) return; // unsubscribed meanwhile: nothing to deliver to
      const problem = endpointProblem(device.endpoint, allowHosts);
      if (problem) {
        await forget(device.id);
        throw new PermanentFailure(`Refused push endpoint: ${problem}`);
      }
      const vapid = await (loaded ??= keys().catch((error) => {
        loaded = undefined;
        throw error;
      }));
      const payload: PushPayload = { title: message.subject ?? 'Akuafo Market', body: message.body, url: message.link ?? '/', tag: `message-${message.id}` };
      try {
        // web-push is loaded with the first push, not at start (like nodemailer: platform/mail).
        const { default: webpush } = await import('web-push');
        await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: 24 * 3600,
          urgency: 'high',
          timeout: 20_000,
          agent,
        });
      } catch (error) {
        if (error instanceof RefusedPushAddress) {
          await forget(device.id);
          throw new PermanentFailure(`Refused push endpoint: ${error.message}`);
        }
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await forget(device.id);
          return;
        }
        // A push service does not redirect; following one is how a request is steered inward.
        if (status !== undefined && status >= 300 && status < 400) throw new PermanentFailure(`The push service answered ${status} (a redirect, not followed)`);
        throw new Error(status ? `The push service answered ${status}: ${(error as { body?: string }).body ?? ''}`.trim() : String((error as Error).message ?? error), { cause: error });
      }
    },
  };
}
