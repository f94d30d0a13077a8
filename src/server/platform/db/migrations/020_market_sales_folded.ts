import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 020_market_sales_folded: a paid line's sale is written with its payment but folded into the
 * weekly cells a moment later by a background job (modules/market-prices/index-update.ts), so a
 * payment no longer locks and recomputes the crop's cells in its own transaction. `folded` = 0
 * marks the sales still to fold; the rows already there are folded.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('market_sales').addColumn('folded', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.createIndex('market_sales_unfolded').on('market_sales').column('order_item_id').where(sql.ref('folded'), '=', 0).execute();
  },
});
