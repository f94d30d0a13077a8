import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * The server-side message outbox (docs/messages.md): one row per message to send on one
 * channel, written in the transaction of the change that causes it; the users' channel
 * switches per topic; and the devices that subscribed to Web Push.
 */
export function migration(dialect: Dialect): Migration {
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', notNull)
        .addColumn('auth', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', idType, id)
        .addColumn('channel', 'text', notNull)
        .addColumn('recipient', 'text', notNull)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // A push message belongs to one device; unsubscribing drops what it has not yet received.
        .addColumn('push_subscription_id', 'integer', (c) => c.references('push_subscriptions.id').onDelete('cascade'))
        .addColumn('topic', 'text', notNull)
        .addColumn('subject', 'text')
        .addColumn('body', 'text', notNull)
        .addColumn('html', 'text')
        .addColumn('link', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('sent_at', 'text')
        .addColumn('updated_at', 'text', notNull)
        .execute();
      // The worker's claim: due rows of a status, oldest first.
      await db.schema.createIndex('messages_due').on('messages').columns(['status', 'next_attempt_at', 'id']).execute();

      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('topic', 'text', notNull)
        .addColumn('channel', 'text', notNull)
        .addColumn('enabled', 'integer', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'topic', 'channel'])
        .execute();
    },
  };
}
