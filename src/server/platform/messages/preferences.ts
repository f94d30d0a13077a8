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
import { sql } from 'kysely';
import { dialectOf, now, type Db } from '../db';

/** A user's switches: stored rows over the defaults (everything on). */
export async function readPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const rows = await db.selectFrom('notification_preferences').select(['topic', 'channel', 'enabled']).where('user_id', '=', userId).execute();
  const preferences = defaultPreferences();
  for (const row of rows) {
    if (isTopic(row.topic) && isChannel(row.channel)) preferences[row.topic][row.channel] = row.enabled === 1;
  }
  return preferences;
}

export interface PushDevice {
  id: number;
  endpoint: string;
  user_id: number;
}

/** One stored switch: on or off for a topic and channel. */
export interface Switch {
  topic: string;
  channel: string;
  enabled: number;
}

/**
 * A person's switches (every topic) and push devices, already read with something else (the
 * order's read, render.ts): notify then need not read them again.
 */
export interface KnownChannels {
  switches: Switch[];
  devices: Omit<PushDevice, 'user_id'>[];
}

/**
 * Two columns for a query that has the person's row as `users` (or as `person`): their switches
 * and their push devices as JSON arrays (each dialect's JSON functions), read by knownChannels;
 * named known_switches and known_devices (or with `prefix` for known).
 */
export function knownChannelsColumns<P extends string = 'known'>(db: Db, person = 'users', prefix: P = 'known' as P) {
  const postgres = dialectOf(db) === 'postgres';
  const id = sql.ref(`${person}.id`);
  const switches = postgres
    ? sql<unknown>`(select coalesce(json_agg(json_build_object('topic', p.topic, 'channel', p.channel, 'enabled', p.enabled)), '[]') from notification_preferences p where p.user_id = ${id})`
    : sql<unknown>`(select json_group_array(json_object('topic', p.topic, 'channel', p.channel, 'enabled', p.enabled)) from notification_preferences p where p.user_id = ${id})`;
  const devices = postgres
    ? sql<unknown>`(select coalesce(json_agg(json_build_object('id', d.id, 'endpoint', d.endpoint) order by d.id), '[]') from push_subscriptions d where d.user_id = ${id})`
    : sql<unknown>`(select json_group_array(json_object('id', d.id, 'endpoint', d.endpoint)) from (select id, endpoint from push_subscriptions where user_id = ${id} order by id) d)`;
  return [switches.as(`${prefix}_switches` as `${P}_switches`), devices.as(`${prefix}_devices` as `${P}_devices`)] as const;
}

/** The columns knownChannelsColumns added, as PostgreSQL's driver (parsed) or SQLite (text) hands them back. */
export function knownChannels(row: { known_switches: unknown; known_devices: unknown }): KnownChannels {
  const parse = <T,>(value: unknown): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value ?? []) as T[]));
  const devices = parse<{ id: number; endpoint: string }>(row.known_devices).map((d) => ({ id: Number(d.id), endpoint: d.endpoint }));
  return { switches: parse<Switch>(row.known_switches).map((s) => ({ ...s, enabled: Number(s.enabled) })), devices };
}

/** The channels a user's stored switches leave on for a topic: the stored ones over the default. */
export function channelsWanted(own: Switch[], topic: string, defaults: Record<NotificationChannel, boolean> = DEFAULT_PREFERENCE): Set<NotificationChannel> {
  const mine = own.filter((r) => r.topic === topic);
  const off = new Set(mine.filter((r) => r.enabled === 0).map((r) => r.channel));
  const on = new Set(mine.filter((r) => r.enabled === 1).map((r) => r.channel));
  return new Set(NOTIFICATION_CHANNELS.filter((c) => on.has(c) || (!off.has(c) && defaults[c])));
}

/** An order bought on WhatsApp: its news comes in the chat, not by SMS, unless the buyer switched either. */
export const WHATSAPP_ORDER_DEFAULTS: Record<NotificationChannel, boolean> = { ...DEFAULT_PREFERENCE, sms: false, whatsapp: true };

/**
 * The channels each user wants for a topic (key: `${userId}|${topic}`) and the users' push
 * devices (by id), for several users and topics in one query: their switches and their devices
 * side by side (a payment's notify is on the checkout's hot path; docs/performance.md).
 */
export async function wantedChannelsAndDevices(db: Db, wanted: { userId: number; topic: NotificationTopic }[]): Promise<{ channels: Map<string, Set<NotificationChannel>>; devices: PushDevice[] }> {
  if (wanted.length === 0) return { channels: new Map(), devices: [] };
  const users = [...new Set(wanted.map((w) => w.userId))];
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['user_id', 'topic', 'channel', 'enabled', sql<number | null>`null`.as('device_id'), sql<string | null>`null`.as('endpoint')])
    .where('user_id', 'in', users)
    .where('topic', 'in', [...new Set(wanted.map((w) => w.topic))])
    .unionAll(
      db
        .selectFrom('push_subscriptions')
        .select(['user_id', sql<string>`null`.as('topic'), sql<string>`null`.as('channel'), sql<number>`null`.as('enabled'), 'id as device_id', 'endpoint'])
        .where('user_id', 'in', users),
    )
    .execute();
  const switches = rows.filter((r) => r.device_id === null);
  const channels = new Map<string, Set<NotificationChannel>>();
  for (const { userId, topic } of wanted) channels.set(`${userId}|${topic}`, channelsWanted(switches.filter((r) => r.user_id === userId), topic));
  const devices = rows.filter((r) => r.device_id !== null).map((r) => ({ id: Number(r.device_id), endpoint: r.endpoint!, user_id: r.user_id }));
  return { channels, devices: devices.sort((a, b) => a.id - b.id) };
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
