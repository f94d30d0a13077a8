import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 036_whatsapp_channel (issue 42 items 1-2, docs/whatsapp.md).
 * - `whatsapp_inbound`: each message Meta's webhook delivered, keyed by its wamid, so a delivery
 *   Meta repeats (it retries until answered 200) is queued once; the queue the answering job
 *   works through (claimed with a lease, retried, like the message outbox).
 * - `whatsapp_sent`: each part of an outgoing WhatsApp message (the outbox row `message_id`, part
 *   `part`) the Cloud API accepted, with its wamid, so a retried row sends only the parts not yet
 *   sent, and the webhook's statuses (delivered, read, failed) update it.
 */
export function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('whatsapp_inbound')
        .addColumn('message_id', 'text', (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('inbound', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text')
        .execute();
      await db.schema.createIndex('whatsapp_inbound_due').on('whatsapp_inbound').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('whatsapp_inbound_phone').on('whatsapp_inbound').columns(['phone', 'status']).execute();
      await db.schema
        .createTable('whatsapp_sent')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('part', 'integer', (c) => c.notNull())
        .addColumn('provider_message_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('status_at', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('whatsapp_sent_pk', ['message_id', 'part'])
        .execute();
    },
  };
}
