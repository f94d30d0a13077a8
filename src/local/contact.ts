import { requestFor } from '../shared/api/path';
import type { ContactMessage } from '../shared/schemas/contact';
import { localDb, type AkuafoDb, type OutboxEntry } from './db';
import { defineOutboxKind, enqueue } from './outbox';

/**
 * Sends a contact message through the outbox: online it goes at once, offline it waits in
 * IndexedDB and goes when the network returns. Each message is its own entity, so one that the
 * server refuses never holds back another. Nothing to change optimistically: the message
 * lives only on the server once sent.
 */
export function sendContactMessage(message: ContactMessage, db: AkuafoDb = localDb): Promise<OutboxEntry> {
  return enqueue(
    {
      entity: `contact:${crypto.randomUUID()}`,
      ...requestFor('POST /contact', { body: message }),
      message: { id: 'outbox.contact', values: { subject: message.subject } },
    },
    undefined,
    db,
  );
}

// Nothing to follow up: the message lives only on the server once sent, and a refusal stays
// in the outbox with its reason (contactDelivery).
export const contactKind = defineOutboxKind({ kind: 'contact' });

export type ContactDelivery =
  | { state: 'sent' }
  | { state: 'waiting'; attempts: number }
  | { state: 'failed'; error: string };

/** Where a queued message stands: still in the outbox (waiting or refused) or gone (sent). */
export async function contactDelivery(entryId: string, db: AkuafoDb = localDb): Promise<ContactDelivery> {
  const entry = await db.outbox.where('id').equals(entryId).first();
  if (!entry) return { state: 'sent' };
  if (entry.status === 'failed') return { state: 'failed', error: entry.error ?? 'The message could not be sent.' };
  return { state: 'waiting', attempts: entry.attempts };
}
