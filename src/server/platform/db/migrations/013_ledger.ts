import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 013_ledger: the double-entry ledger (docs/money.md), sellers' payout accounts with their type
 * and network or bank, and payouts (one row per transfer to a seller). Ledger rows are never
 * edited or deleted: triggers on both databases refuse it, so a correction is a new entry.
 */
export function migration(dialect: Dialect): Migration {
  const withId = (name: string, db: Kysely<any>) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<any>) {
      await withId('ledger_transactions', db)
        // What the entries are for, once: "settle:payment:12", "release:order:7", "payout:3:sent".
        .addColumn('event_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('payout_id', 'integer')
        .addColumn('memo', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await withId('ledger_entries', db)
        .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('seller_id', 'integer')
        .addColumn('order_id', 'integer')
        .addColumn('debit_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('credit_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account', 'seller_id']).execute();
      await db.schema.createIndex('ledger_entries_seller').on('ledger_entries').columns(['seller_id', 'id']).execute();
      await db.schema.createIndex('ledger_entries_order').on('ledger_entries').columns(['order_id', 'account']).execute();
      await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();

      for (const table of ['ledger_transactions', 'ledger_entries']) {
        if (dialect === 'postgres') {
          await sql`create or replace function ledger_is_append_only() returns trigger language plpgsql as $$
            begin raise exception 'ledger rows are never edited or deleted; post a correcting entry'; end $$`.execute(db);
          await sql`create trigger ${sql.raw(table + '_append_only')} before update or delete on ${sql.table(table)}
            for each row execute function ledger_is_append_only()`.execute(db);
        } else {
          for (const op of ['update', 'delete']) {
            await sql`create trigger ${sql.raw(`${table}_no_${op}`)} before ${sql.raw(op)} on ${sql.table(table)}
              begin select raise(abort, 'ledger rows are never edited or deleted; post a correcting entry'); end`.execute(db);
          }
        }
      }

      // The payout account: mobile money (network) or bank (bank code), in the seller's name.
      await db.schema.alterTable('seller_profiles').addColumn('payout_type', 'text').execute();
      await db.schema.alterTable('seller_profiles').addColumn('payout_network', 'text').execute();
      await db.schema.alterTable('seller_profiles').addColumn('payout_bank_code', 'text').execute();
      // When the account last changed: payouts wait 24 h after a change (a stolen session must not redirect money).
      await db.schema.alterTable('seller_profiles').addColumn('payout_account_changed_at', 'text').execute();
      // Paystack's transfer recipient, and the account it was made for (made again when that changes).
      await db.schema.alterTable('seller_profiles').addColumn('payout_recipient_code', 'text').execute();
      await db.schema.alterTable('seller_profiles').addColumn('payout_recipient_for', 'text').execute();

      await withId('payouts', db)
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        // Our own reference, sent to the provider: a retry of the same payout cannot pay twice.
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('account_label', 'text', (c) => c.notNull())
        .addColumn('account_key', 'text', (c) => c.notNull())
        .addColumn('transfer_code', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payouts_due').on('payouts').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('payouts_seller').on('payouts').columns(['seller_id', 'id']).execute();
      // At most one payout on its way per seller, whatever several job instances try.
      await db.schema.createIndex('payouts_one_open').on('payouts').column('seller_id').unique().where(sql.ref('status'), '=', 'PENDING').execute();
    },
  };
}
