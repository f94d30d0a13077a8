import type { Kysely, Migration } from 'kysely';

/**
 * 034_sales_records (issue 41 item 5): a seller's shared sales record. Each row is a signed
 * snapshot: the canonical document as signed, its Ed25519 signature, the public key it verifies with (a
 * record made before a change of key keeps verifying), and when it was revoked.
 * The code is the row's public name (unguessable, 16 random bytes); the document is kept
 * whole because the signature is over its exact bytes.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sales_records')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('sales_records_seller').on('sales_records').columns(['seller_id', 'issued_at']).execute();
  },
});
