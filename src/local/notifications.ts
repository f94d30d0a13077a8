import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  defaultPreferences,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationTopic,
  type PushSubscriptionInput,
} from '../shared/schemas/notifications';
import { requestFor } from '../shared/api/path';
import type { ApiClient } from './api';
import { localDb, type AkuafoDb, type OutboxEntry } from './db';
import { defineOutboxKind, enqueueWith } from './outbox';
import { readSession } from './session';

/**
 * The notification switches on the phone: the server's last answer in db.meta, with its owner
 * beside it (a second account on the phone never sees the first one's). Each switch is an
 * idempotent intent ("orders by SMS: off") applied here at once and sent through the outbox.
 */
const PREFERENCES_KEY = 'notifications.preferences';
const OWNER_KEY = 'notifications.owner';
const entityOf = (topic: NotificationTopic, channel: NotificationChannel) => `notifications:${topic}.${channel}` as const;

async function userIdOf(db: AkuafoDb): Promise<number | undefined> {
  return (await readSession(db))?.user.id;
}

/** The switches as the phone knows them; the defaults (all on) until the first pull. */
export async function readNotificationPreferences(db: AkuafoDb = localDb): Promise<NotificationPreferences> {
  const [stored, owner] = await db.meta.bulkGet([PREFERENCES_KEY, OWNER_KEY]);
  const userId = await userIdOf(db);
  if (userId === undefined || owner?.value !== userId || !stored?.value) return defaultPreferences();
  return stored.value as NotificationPreferences;
}

/** Flips one switch: at once on the phone, on the server when the outbox gets through. */
export async function setNotificationPreference(topic: NotificationTopic, channel: NotificationChannel, enabled: boolean, db: AkuafoDb = localDb): Promise<void> {
  const userId = await userIdOf(db);
  if (userId === undefined) throw new NotSignedInError();
  await enqueueWith(async () => {
    const preferences = await readNotificationPreferences(db);
    preferences[topic][channel] = enabled;
    await db.meta.bulkPut([{ key: PREFERENCES_KEY, value: preferences }, { key: OWNER_KEY, value: userId }]);
    return {
      entity: entityOf(topic, channel),
      ...requestFor('PUT /shop/customers/me/notification-preferences', { body: { [topic]: { [channel]: enabled } } }),
      message: { id: enabled ? 'outbox.notificationOn' : 'outbox.notificationOff', values: { channel: { id: 'notifications.channel', values: { channel } }, topic: { id: 'notifications.topic', values: { topic } } } },
    };
  }, db);
}

/** Re-reads the server's switches and lays the still-queued changes on top. */
export async function pullNotificationPreferences(api: ApiClient, db: AkuafoDb = localDb): Promise<NotificationPreferences | undefined> {
  const userId = await userIdOf(db);
  if (userId === undefined) return undefined;
  const { data } = await api.call('GET /shop/customers/me/notification-preferences');
  return adoptPreferences(data, userId, db);
}

/** The server's switches (read, or the answer to a write) on the phone, with the still-pending intents on top. */
function adoptPreferences(data: NotificationPreferences, userId: number, db: AkuafoDb): Promise<NotificationPreferences | undefined> {
  return db.transaction('rw', db.meta, db.outbox, db.session, async () => {
    if ((await userIdOf(db)) !== userId) return undefined;
    const waiting = await db.outbox.where('status').equals('pending').filter((e) => e.entity.startsWith('notifications:')).sortBy('seq');
    for (const entry of waiting) applyIntent(data, entry);
    await db.meta.bulkPut([{ key: PREFERENCES_KEY, value: data }, { key: OWNER_KEY, value: userId }]);
    return data;
  });
}

function applyIntent(preferences: NotificationPreferences, entry: OutboxEntry): void {
  for (const topic of NOTIFICATION_TOPICS) {
    for (const channel of NOTIFICATION_CHANNELS) {
      const value = (entry.body as Partial<NotificationPreferences> | undefined)?.[topic]?.[channel];
      if (typeof value === 'boolean') preferences[topic][channel] = value;
    }
  }
}

export const notificationsKind = defineOutboxKind<'notifications', { data: NotificationPreferences }>({
  kind: 'notifications',
  // Once the last queued switch is through, the answer (all the switches) is the truth.
  onSent: async ({ data }, _entry, { db, drained }) => {
    const userId = await userIdOf(db);
    if (drained && userId !== undefined) await adoptPreferences(data, userId, db);
  },
  onRefused: async (_entry, { api, db }) => {
    await pullNotificationPreferences(api, db);
  },
  // One entity per switch, each intent "make it so": flipping a switch ten times offline sends one.
  supersedes: () => true,
});

/** The reader said no to the browser's question: push stays off (the page says so in the reader's language). */
export class PushNotAllowedError extends Error {
  constructor() {
    super('Notifications were not allowed, so push stays off.');
  }
}

/** Nobody is signed in on this phone, so there are no switches to change. */
export class NotSignedInError extends Error {
  constructor() {
    super('Please sign in to change your notifications.');
  }
}

/**
 * Why this browser cannot receive push (the page words it in the reader's language): it has
 * no push at all, or the reader blocked notifications for the site; undefined when it can.
 */
export function pushUnavailableReason(): 'unsupported' | 'blocked' | undefined {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  if (Notification.permission === 'denied') {
    return 'blocked';
  }
  return undefined;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks permission, subscribes this device with our VAPID key and tells the server (needs the network). */
export async function enablePush(api: ApiClient): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushNotAllowedError();
  const { data } = await api.call('GET /shop/customers/me/push-subscriptions/key');
  const registration = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(data.publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await api.call('POST /shop/customers/me/push-subscriptions', { body: subscription.toJSON() as PushSubscriptionInput });
}

/** Stops push on this device: the server forgets it, then the browser drops the subscription. */
export async function disablePush(api: ApiClient): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api.call('DELETE /shop/customers/me/push-subscriptions', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
