import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 021_market_cell_sellers: each weekly cell counts the distinct sellers behind its sales, so a
 * thin market (fewer than MIN_SELLERS sellers) publishes neither its paid price nor its number
 * of sales (docs/security.md, "Market prices"). The cells already there are counted from their
 * sales, and the phones' mirror is redrawn (its stamp cleared): every row that showed an exact
 * count or a thin market's price gets a new version, so phones replace what they hold.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('market_price_cells').addColumn('sellers', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`
      update market_price_cells set sellers = (
        select count(distinct products.seller_id)
        from market_sales
        join order_items on order_items.id = market_sales.order_item_id
        join products on products.id = order_items.product_id
        where market_sales.commodity_id = market_price_cells.commodity_id
          and market_sales.week = market_price_cells.week
          and (market_price_cells.region = '' or market_sales.region = market_price_cells.region)
      )`.execute(db);
    await db.updateTable('market_price_rows_stamp').set({ stamp: '' }).execute();
  },
});
