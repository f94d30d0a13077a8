import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 016_ussd: buying and selling by USSD (docs/ussd.md).
 * - ussd_sessions: one row per gateway session, so any instance answers the next step; the
 *   step being answered and its reply are kept, so a gateway's retry gets the same screen.
 * - phone_accounts: the account a phone number buys and sells as (a phone-only customer made
 *   at its first order, or a seller who linked the number); ussd_region remembers "near me".
 * - users.email may be empty (NULL) for phone-only accounts; the unique rule stays.
 * - product_submissions.listed_by_phone, orders.channel: where a listing or order came from;
 *   orders.ussd_code: the code a USSD buyer dialed, which their SMS tells them to dial again.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ussd_sessions')
        .addColumn('session_key', 'text', (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('step_text', 'text', (c) => c.notNull())
        .addColumn('reply', 'text')
        .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ussd_sessions_phone').on('ussd_sessions').columns(['phone', 'updated_at']).execute();
      await db.schema
        .createTable('phone_accounts')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('ussd_region', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('phone_accounts_user').on('phone_accounts').column('user_id').execute();
      await db.schema.alterTable('product_submissions').addColumn('listed_by_phone', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('channel', 'text', (c) => c.notNull().defaultTo('app')).execute();
      await db.schema.alterTable('orders').addColumn('ussd_code', 'text').execute();
      if (dialect === 'postgres') await sql`alter table users alter column email drop not null`.execute(db);
      else await sqliteEmailNullable(db);
    },
  };
}

/**
 * SQLite cannot drop NOT NULL: the table is rebuilt from its own current definition (so
 * columns later migrations added come along) with foreign keys off, which SQLite allows here
 * because its migrations run outside a transaction. Rows, ids and indexes are kept.
 */
async function sqliteEmailNullable(db: Kysely<any>) {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const definition = rows[0]!.sql;
  const rebuilt = definition.replace(/"email" text not null unique/i, '"email" text unique').replace(/^create table "users"/i, 'create table "users_rebuilt"');
  if (rebuilt === definition || !rebuilt.includes('users_rebuilt')) throw new Error(`016_ussd: unexpected users table definition: ${definition}`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into users_rebuilt select * from users`.execute(db);
    await sql`drop table users`.execute(db);
    await sql`alter table users_rebuilt rename to users`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('016_ussd: foreign keys broken by the users rebuild');
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
