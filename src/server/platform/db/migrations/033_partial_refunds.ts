import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 033_partial_refunds (issue 40 item 7, docs/money.md): a payment may be refunded in parts (lost
 * lines, later the cancel of the rest), so a refund is unique per payment and part, not per
 * payment: `part_key` is 'order' for the whole-order refund (every refund so far) and
 * 'lines:<ids>' for a refund of some lines. Order lines record that they were refunded and why,
 * so a line is refunded once and a later cancel neither refunds it again nor puts it back in stock.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('order_items').addColumn('refunded_at', 'text').execute();
      await db.schema.alterTable('order_items').addColumn('refund_reason', 'text').execute();
      await db.schema.alterTable('refunds').addColumn('part_key', 'text', (c) => c.notNull().defaultTo('order')).execute();
      if (dialect === 'postgres') await sql`alter table refunds drop constraint refunds_payment_id_key`.execute(db);
      else await sqliteDropPaymentUnique(db);
      await db.schema.createIndex('refunds_one_per_part').on('refunds').columns(['payment_id', 'part_key']).unique().execute();
    },
  };
}

/**
 * SQLite cannot drop a UNIQUE: the table is rebuilt from its own definition, as 016_ussd rebuilt
 * users (foreign keys off, migrations run outside a transaction; rows, ids and indexes kept).
 */
async function sqliteDropPaymentUnique(db: Kysely<any>) {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'refunds'`.execute(db);
  const definition = rows[0]!.sql;
  const rebuilt = definition.replace(/("payment_id" integer not null) unique/i, '$1').replace(/^create table "refunds"/i, 'create table "refunds_rebuilt"');
  if (rebuilt === definition || !rebuilt.includes('refunds_rebuilt') || /unique/i.test(rebuilt)) throw new Error(`033_partial_refunds: unexpected refunds table definition: ${definition}`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'refunds' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into refunds_rebuilt select * from refunds`.execute(db);
    await sql`drop table refunds`.execute(db);
    await sql`alter table refunds_rebuilt rename to refunds`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('033_partial_refunds: foreign keys broken by the refunds rebuild');
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
