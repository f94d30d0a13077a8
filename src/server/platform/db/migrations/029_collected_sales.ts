import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 029_collected_sales: the price index counts a sale once it is collected, and no buyer weighs
 * more than a share of a cell (issue 37, docs/market-prices.md). The sales of orders paid but
 * not collected leave the index (they come back when collected); the cells are dropped and
 * every remaining sale is marked to fold again, so the price index job recomputes each cell
 * under the buyer cap a moment after start. The phones' mirror is redrawn (its stamp cleared)
 * and the index's counter moves, so cached answers are not served from before.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await sql`delete from market_sales where order_id not in (select id from orders where status = 'DELIVERED')`.execute(db);
    await db.deleteFrom('market_price_cells').execute();
    await db.updateTable('market_sales').set({ folded: 0 }).execute();
    await db.updateTable('market_price_rows_stamp').set({ stamp: '' }).execute();
    await db.updateTable('counters').set({ value: sql`value + 1` }).where('name', '=', 'market_prices').execute();
  },
});
