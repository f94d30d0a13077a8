import type { Kysely, Migration } from 'kysely';

/**
 * 037_transporter_recipients (issue 40 item 5): a transporter's Paystack transfer recipient is
 * kept like a seller's (013's payout_recipient_code and payout_recipient_for on seller_profiles):
 * the code, and the account it was made for (the account's key, payouts/account.ts accountKey),
 * so a payout run makes a recipient once per wallet instead of once per payout, and a changed
 * wallet gets a new one.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('transporter_profiles').addColumn('payout_recipient_code', 'text').execute();
    await db.schema.alterTable('transporter_profiles').addColumn('payout_recipient_for', 'text').execute();
  },
});
