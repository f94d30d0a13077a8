import { now, type Db } from '../db';
import type { WriteBatch } from '../db/write-batch';
import type { MessagesTable } from '../db/schema-messages';
import type { MessageEvent } from './events';
import { channelsWanted, wantedChannelsAndDevices } from './preferences';
import { newOrderReads, renderEvent, type Notice, type OrderReads } from './render';
import type { WhatsAppOutgoing } from './whatsapp-shapes';

export type { MessageEvent } from './events';
export { MESSAGE_TOPICS } from './events';
export { lockOrderForNotices, newOrderReads, readOrderLines, type OrderReads } from './render';

type NewMessage = Pick<MessagesTable, 'channel' | 'recipient' | 'topic' | 'body'> &
  Partial<Pick<MessagesTable, 'user_id' | 'push_subscription_id' | 'subject' | 'html' | 'link'>>;

/** Writes messages to the outbox; the worker sends them once the caller's transaction commits. */
export async function enqueue(db: Db, messages: NewMessage[]): Promise<void> {
  if (messages.length > 0) await messagesInsert(db, messages).execute();
}

function messagesInsert(db: Db, messages: NewMessage[]) {
  const at = now();
  return db
    .insertInto('messages')
    .values(messages.map((m) => ({ user_id: null, push_subscription_id: null, subject: null, html: null, link: null, ...m, status: 'QUEUED' as const, attempts: 0, next_attempt_at: at, created_at: at, updated_at: at })));
}

/**
 * An e-mail that goes out whatever the user's switches say (codes, resets, receipts).
 * Call it with the transaction of the change that causes it.
 */
export function queueEmail(db: Db, mail: { to: string; subject: string; text: string; html?: string; topic: string; userId?: number }): Promise<void> {
  return enqueue(db, [{ channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.text, html: mail.html ?? null, topic: mail.topic, user_id: mail.userId ?? null }]);
}

/** An SMS no switch turns off (codes, account alerts), to a +233 number; same rules as queueEmail. */
export function queueSms(db: Db, sms: { to: string; text: string; topic: string; userId?: number }): Promise<void> {
  return enqueue(db, [{ channel: 'sms', recipient: sms.to, body: sms.text, topic: sms.topic, user_id: sms.userId ?? null }]);
}

/**
 * A WhatsApp message (its parts in order: a product card, then the question) to a +233 number,
 * sent by channels/whatsapp.ts to the Cloud API; same rules as queueEmail.
 */
export function queueWhatsApp(db: Db, message: { to: string; parts: WhatsAppOutgoing[]; topic: string; userId?: number }): Promise<void> {
  return enqueue(db, [{ channel: 'whatsapp', recipient: message.to, body: JSON.stringify(message.parts), topic: message.topic, user_id: message.userId ?? null }]);
}

/** Every operator account hears it by e-mail, in the transaction of the change it reports (late loads, overdue refusals). */
export async function alertOperators(db: Db, alert: { subject: string; text: string }): Promise<void> {
  const operators = await db.selectFrom('users').select(['id', 'email']).where('user_type', '=', 'ADMIN').orderBy('id').execute();
  for (const o of operators) if (o.email) await queueEmail(db, { to: o.email, subject: alert.subject, text: alert.text, topic: 'operator.alert', userId: o.id });
}

/**
 * Something happened that somebody should hear about. Call it inside the transaction of the
 * change (db may be a Kysely transaction): it reads who hears it and on which channels, and
 * writes one message per recipient and channel; nothing is sent until the change commits.
 * Several events of one change (a payment: the buyer's news and the sellers') go in one call:
 * they share the reads of the order, the switches and the devices, and one insert.
 */
export async function notify(db: Db, ...events: MessageEvent[]): Promise<void> {
  await enqueue(db, await messagesOf(db, events));
}

/**
 * notify() whose reads run now and whose insert joins the transaction's other writes (WriteBatch).
 * `reads`: what the caller already read of the orders (lockOrderForNotices, readOrderLines), not read again.
 */
export async function notifyInBatch(batch: WriteBatch, events: MessageEvent[], reads: OrderReads = newOrderReads()): Promise<void> {
  const messages = await messagesOf(batch.db, events, reads);
  if (messages.length > 0) batch.add(messagesInsert(batch.db, messages));
}

async function messagesOf(db: Db, events: MessageEvent[], reads = newOrderReads()): Promise<NewMessage[]> {
  const notices: Notice[] = [];
  for (const event of events) notices.push(...(await renderEvent(db, event, reads)));
  // The switches and devices not read with the event (the sellers of a payment), in one query.
  const { channels: wanted, devices: readDevices } = await wantedChannelsAndDevices(db, notices.filter((n) => !n.known));
  const channelsOf = (notice: Notice) => (notice.known ? channelsWanted(notice.known.switches, notice.topic, notice.defaults) : wanted.get(`${notice.userId}|${notice.topic}`)!);
  const devicesOf = (notice: Notice) => (notice.known ? notice.known.devices : readDevices.filter((d) => d.user_id === notice.userId));
  const messages: NewMessage[] = [];
  for (const notice of notices) {
    const channels = channelsOf(notice);
    const common = { user_id: notice.userId, topic: notice.topic, link: notice.link };
    if (channels.has('email') && notice.email) messages.push({ ...common, channel: 'email', recipient: notice.email.to, subject: notice.email.subject, body: notice.email.text });
    if (channels.has('sms') && notice.sms) messages.push({ ...common, channel: 'sms', recipient: notice.sms.to, body: notice.sms.text });
    if (channels.has('whatsapp') && notice.whatsapp) {
      const { to, text, template } = notice.whatsapp;
      messages.push({ ...common, channel: 'whatsapp', recipient: to, body: JSON.stringify([{ type: 'notice', text, ...(template ? { template } : {}) }] satisfies WhatsAppOutgoing[]) });
    }
    if (channels.has('push')) {
      for (const device of devicesOf(notice)) {
        messages.push({ ...common, channel: 'push', recipient: new URL(device.endpoint).host, push_subscription_id: device.id, subject: notice.push.title, body: notice.push.body });
      }
    }
  }
  return messages;
}
