import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppInbound } from './messages';

/**
 * Reading Meta's webhook deliveries (docs/whatsapp.md). A delivery is
 * `{ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: {
 * contacts, messages, statuses } }] }] }`; everything in it is untrusted until the signature
 * says Meta sent it, and even then only its shape is ours to check.
 */

/** Whether `header` (X-Hub-Signature-256: "sha256=<hex>") is the HMAC-SHA256 of the raw body with the app secret. */
export function signedByMeta(rawBody: string, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** Constant-time comparison of the subscription check's token. */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  const a = createHmac('sha256', 'verify-token').update(given).digest();
  const b = createHmac('sha256', 'verify-token').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** A status Meta reports for a message we sent. */
export interface SentStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: string;
  error?: string;
}

export interface Delivery {
  messages: WhatsAppInbound[];
  statuses: SentStatus[];
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);
/** wamid… ids are about 60 characters; anything far longer is not Meta's. */
const ID_MAX = 200;

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const text = (x: unknown, max = 10_000): string | undefined => (typeof x === 'string' ? x.slice(0, max) : undefined);
const timeOf = (seconds: unknown): string => {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 && n < 1e11 ? new Date(n * 1000).toISOString() : new Date().toISOString();
};

/** The messages and statuses of a delivery's `messages` changes; pieces of another shape are left out, never a crash. */
export function readDelivery(body: unknown): Delivery {
  const delivery: Delivery = { messages: [], statuses: [] };
  if (!isObject(body)) return delivery;
  for (const entry of list(body.entry)) {
    if (!isObject(entry)) continue;
    for (const change of list(entry.changes)) {
      if (!isObject(change) || !isObject(change.value) || (change.field !== undefined && change.field !== 'messages')) continue;
      const value = change.value;
      const names = new Map<string, string>();
      for (const contact of list(value.contacts)) {
        if (isObject(contact) && typeof contact.wa_id === 'string' && isObject(contact.profile)) {
          const name = text(contact.profile.name, 200);
          if (name) names.set(contact.wa_id, name);
        }
      }
      for (const message of list(value.messages)) {
        const inbound = isObject(message) ? inboundOf(message, names) : undefined;
        if (inbound) delivery.messages.push(inbound);
      }
      for (const status of list(value.statuses)) {
        if (!isObject(status) || typeof status.id !== 'string' || status.id.length > ID_MAX || !STATUSES.has(String(status.status))) continue;
        const error = list(status.errors).find(isObject);
        delivery.statuses.push({
          id: status.id,
          status: status.status as SentStatus['status'],
          at: timeOf(status.timestamp),
          ...(error ? { error: `${String(error.code ?? '')} ${text(error.title, 300) ?? text(error.message, 300) ?? ''}`.trim() } : {}),
        });
      }
    }
  }
  return delivery;
}

function inboundOf(message: Json, names: Map<string, string>): WhatsAppInbound | undefined {
  const id = message.id;
  const from = message.from;
  if (typeof id !== 'string' || !id || id.length > ID_MAX || typeof from !== 'string' || !/^\d{6,15}$/.test(from)) return undefined;
  const base = { id, from: `+${from}`, at: timeOf(message.timestamp), ...(names.has(from) ? { profileName: names.get(from)! } : {}) };
  if (message.type === 'text' && isObject(message.text)) return { ...base, kind: 'text', text: text(message.text.body) ?? '' };
  if (message.type === 'interactive' && isObject(message.interactive)) {
    const reply = message.interactive.list_reply ?? message.interactive.button_reply;
    if (isObject(reply) && typeof reply.id === 'string') return { ...base, kind: 'choice', choiceId: reply.id.slice(0, 256), choiceTitle: text(reply.title, 100) ?? '' };
  }
  // A template's quick-reply button answers with its text.
  if (message.type === 'button' && isObject(message.button)) return { ...base, kind: 'text', text: text(message.button.text) ?? '' };
  return { ...base, kind: 'other' };
}
