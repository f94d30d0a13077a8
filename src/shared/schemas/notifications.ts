import * as v from 'valibot';

/** The kinds of message a user switches per channel on /notifications (see MESSAGE_TOPICS on the server). */
export const NOTIFICATION_TOPICS = ['orders', 'sales', 'listings'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The channels a user switches, and the ones the message outbox sends on (WhatsApp's chat replies too, docs/whatsapp.md). */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

// The topics' names and notes on screen are in the catalogue (notifications.topic, notifications.*Note).
export const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'SMS', push: 'Push', whatsapp: 'WhatsApp' };

/**
 * Every switch is on until the user turns it off (push only reaches a device that subscribed),
 * but WhatsApp's, which is off until ticked: a web buyer who never wrote to our number would get
 * paid templates from an unknown business (issue 42 item 6). An order bought on WhatsApp hears on
 * WhatsApp instead of SMS unless the buyer switched that (platform/messages).
 */
export const DEFAULT_PREFERENCE: Record<NotificationChannel, boolean> = { email: true, sms: true, push: true, whatsapp: false };

/** Every topic x channel switch, as GET and PUT notification-preferences answer them. */
const everyChannel = v.object(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, v.boolean()])) as Record<NotificationChannel, v.BooleanSchema<undefined>>);
export const notificationPreferencesAnswerSchema = v.object(Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, everyChannel])) as Record<NotificationTopic, typeof everyChannel>);
export type NotificationPreferences = v.InferOutput<typeof notificationPreferencesAnswerSchema>;

export function defaultPreferences(): NotificationPreferences {
  const channels = () => Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, DEFAULT_PREFERENCE[c]])) as Record<NotificationChannel, boolean>;
  return Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, channels()])) as NotificationPreferences;
}

/** The refusals of PUT notification-preferences (the switches send only true or false). */
export const NOTIFICATION_MESSAGES = {
  notSwitch: (channel: string) => `${channel} must be true or false`,
  grouped: 'Preferences are grouped by orders, sales and listings',
} as const;

const channelSwitches = v.partial(
  v.object(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, v.boolean(NOTIFICATION_MESSAGES.notSwitch(c))])) as Record<NotificationChannel, v.BooleanSchema<string>>),
);

/**
 * PUT /customers/me/notification-preferences: any subset of topic x channel switches, e.g.
 * `{ "orders": { "sms": false } }`; the ones left out keep their value. An intent ("set this
 * switch to false"), so a replay from the phone's outbox applies the same way twice.
 */
export const notificationPreferencesSchema = v.strictObject(
  Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, v.optional(channelSwitches)])) as Record<NotificationTopic, v.OptionalSchema<typeof channelSwitches, undefined>>,
  NOTIFICATION_MESSAGES.grouped,
);
export type NotificationPreferencesInput = v.InferOutput<typeof notificationPreferencesSchema>;

/** POST /customers/me/push-subscriptions: PushSubscription.toJSON() from the browser. */
export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string('endpoint is required'), v.url('endpoint must be a URL'), v.startsWith('https://', 'endpoint must be an https URL'), v.maxLength(2000, 'endpoint is too long')),
  keys: v.object(
    {
      p256dh: v.pipe(v.string('keys.p256dh is required'), v.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh must be a base64url P-256 public key')),
      auth: v.pipe(v.string('keys.auth is required'), v.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'keys.auth must be a base64url secret')),
    },
    'keys is required',
  ),
});
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>;

/** DELETE /customers/me/push-subscriptions: which device stops receiving. */
export const pushUnsubscribeSchema = v.object({ endpoint: v.pipe(v.string('endpoint is required'), v.minLength(1, 'endpoint is required')) });

/** What the service worker receives in a push message (JSON). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page the notification opens when tapped, e.g. /orders/12. */
  url: string;
  tag?: string;
}

/** GET /customers/me/push-subscriptions/key */
export const pushKeySchema = v.object({ publicKey: v.string() });
export type PushKey = v.InferOutput<typeof pushKeySchema>;

/** What POST and DELETE push-subscriptions answer: the device and whether it now receives. */
export const pushSubscriptionStateSchema = v.object({ endpoint: v.string(), subscribed: v.boolean() });

export const MESSAGE_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** GET /admin/messages: the operator's view of the message outbox. */
export const adminMessagesQuerySchema = v.object({
  status: v.optional(v.picklist(['QUEUED', 'FAILED', 'SENT'], 'status must be QUEUED, FAILED or SENT'), 'QUEUED'),
});

/** One message of the outbox as the operator's desk lists it. */
export const adminMessageSchema = v.object({
  id: v.number(),
  channel: v.picklist(NOTIFICATION_CHANNELS),
  recipient: v.string(),
  subject: v.nullable(v.string()),
  body: v.string(),
  status: v.picklist(MESSAGE_STATUSES),
  attempts: v.number(),
  nextAttemptAt: v.string(),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
});
export type AdminMessage = v.InferOutput<typeof adminMessageSchema>;

/** POST /admin/messages/:id/retry: the message is queued again. */
export const messageRetriedSchema = v.object({ id: v.number(), status: v.literal('QUEUED') });
