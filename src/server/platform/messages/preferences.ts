import {
  DEFAULT_PREFERENCE,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  defaultPreferences,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationTopic,
} from '../../../shared/schemas/notifications';
import { now, type Db } from '../db';

/** A user's switches: stored rows over the defaults (everything on). */
export async function readPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const rows = await db.selectFrom('notification_preferences').select(['topic', 'channel', 'enabled']).where('user_id', '=', userId).execute();
  const preferences = defaultPreferences();
  for (const row of rows) {
    if (isTopic(row.topic) && isChannel(row.channel)) preferences[row.topic][row.channel] = row.enabled === 1;
  }
  return preferences;
}

/** The channels each user wants for a topic, for several users and topics in one query (key: `${userId}|${topic}`). */
export async function wantedChannels(db: Db, wanted: { userId: number; topic: NotificationTopic }[]): Promise<Map<string, Set<NotificationChannel>>> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['user_id', 'topic', 'channel', 'enabled'])
    .where('user_id', 'in', [...new Set(wanted.map((w) => w.userId))])
    .where('topic', 'in', [...new Set(wanted.map((w) => w.topic))])
    .execute();
  const channels = new Map<string, Set<NotificationChannel>>();
  for (const { userId, topic } of wanted) {
    const own = rows.filter((r) => r.user_id === userId && r.topic === topic);
    const off = new Set(own.filter((r) => r.enabled === 0).map((r) => r.channel));
    const on = new Set(own.filter((r) => r.enabled === 1).map((r) => r.channel));
    channels.set(`${userId}|${topic}`, new Set(NOTIFICATION_CHANNELS.filter((c) => on.has(c) || (!off.has(c) && DEFAULT_PREFERENCE))));
  }
  return channels;
}

/** Sets the switches given; an upsert per switch, so replaying the same change is harmless. */
export async function writePreferences(db: Db, userId: number, input: NotificationPreferencesInput): Promise<void> {
  const at = now();
  for (const topic of NOTIFICATION_TOPICS) {
    for (const channel of NOTIFICATION_CHANNELS) {
      const enabled = input[topic]?.[channel];
      if (enabled === undefined) continue;
      await db
        .insertInto('notification_preferences')
        .values({ user_id: userId, topic, channel, enabled: enabled ? 1 : 0, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'topic', 'channel']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: at }))
        .execute();
    }
  }
}

const isTopic = (t: string): t is NotificationTopic => (NOTIFICATION_TOPICS as readonly string[]).includes(t);
const isChannel = (c: string): c is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(c);
