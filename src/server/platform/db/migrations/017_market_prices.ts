import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 017_market_prices: commodities (a normalised product and unit), the link from listings and
 * listing requests to one, and the price index: one row per paid order line (market_sales),
 * the weekly medians per commodity and region kept up to date as orders are paid
 * (market_price_cells, region '' = the whole country), and a log of listing prices written
 * by trigger so that no writer can forget it (market_asks: the asking price in force at any
 * time). Existing listings are mapped by name.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('commodities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('words', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      for (const [i, c] of COMMODITIES.entries()) {
        await db.insertInto('commodities').values({ id: c.id, name: c.name, unit: c.unit, category: c.category, words: c.words, position: i }).execute();
      }
      await db.schema.alterTable('products').addColumn('commodity_id', 'text', (c) => c.references('commodities.id')).execute();
      await db.schema.alterTable('product_submissions').addColumn('commodity_id', 'text', (c) => c.references('commodities.id')).execute();
      await db.schema.createIndex('products_commodity').on('products').column('commodity_id').execute();
      for (const c of COMMODITIES) {
        for (const pattern of c.listings) {
          await sql`update products set commodity_id = ${c.id} where commodity_id is null and lower(name) like ${pattern}`.execute(db);
          await sql`update product_submissions set commodity_id = ${c.id} where commodity_id is null and lower(name) like ${pattern}`.execute(db);
        }
      }

      await db.schema
        .createTable('market_sales')
        .addColumn('order_item_id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('commodity_id', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('market_sales_order').on('market_sales').column('order_id').execute();
      await db.schema.createIndex('market_sales_cell').on('market_sales').columns(['commodity_id', 'week', 'region']).execute();

      await db.schema
        .createTable('market_price_cells')
        .addColumn('commodity_id', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('paid_minor', 'integer')
        .addColumn('sales', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('market_price_cells_pk', ['commodity_id', 'region', 'week'])
        .execute();
      await db.schema.createIndex('market_price_cells_week').on('market_price_cells').columns(['week', 'region']).execute();

      const id = (t: any) => (dialect === 'postgres' ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement()));
      await id(db.schema.createTable('market_asks'))
        .addColumn('product_id', 'integer', (c: any) => c.notNull())
        .addColumn('commodity_id', 'text')
        .addColumn('region', 'text', (c: any) => c.notNull())
        .addColumn('price_minor', 'integer', (c: any) => c.notNull())
        .addColumn('active', 'integer', (c: any) => c.notNull())
        .addColumn('at', 'text', (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('market_asks_at').on('market_asks').column('at').execute();
      // Every mapped listing's price as it stands now opens the log.
      await sql`insert into market_asks (product_id, commodity_id, region, price_minor, active, at)
        select id, commodity_id, region, price_minor, is_active, ${new Date().toISOString()} from products where commodity_id is not null`.execute(db);
      await db.insertInto('counters').values({ name: 'market_prices', value: 0 }).execute();
      await logListingPrices(db, dialect);
    },
  };
}

/** A row in market_asks whenever a listing appears, goes, or its price, activity, commodity or region changes. */
async function logListingPrices(db: Kysely<any>, dialect: Dialect) {
  const watched = ['price_minor', 'is_active', 'commodity_id', 'region'];
  if (dialect === 'postgres') {
    await sql`create function log_market_ask() returns trigger language plpgsql as $$ begin
      if new.commodity_id is not null or (tg_op = 'UPDATE' and old.commodity_id is not null) then
        insert into market_asks (product_id, commodity_id, region, price_minor, active, at)
        values (new.id, new.commodity_id, new.region, new.price_minor, new.is_active, to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
      end if;
      return null; end $$`.execute(db);
    await sql`create trigger products_insert_market_ask after insert on products for each row execute function log_market_ask()`.execute(db);
    const changed = sql.raw(watched.map((c) => `old.${c} is distinct from new.${c}`).join(' or '));
    await sql`create trigger products_update_market_ask after update of ${sql.raw(watched.join(', '))} on products for each row when (${changed}) execute function log_market_ask()`.execute(db);
    await sql`create function log_market_ask_gone() returns trigger language plpgsql as $$ begin
      insert into market_asks (product_id, commodity_id, region, price_minor, active, at)
      values (old.id, old.commodity_id, old.region, old.price_minor, 0, to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
      return null; end $$`.execute(db);
    await sql`create trigger products_delete_market_ask after delete on products for each row when (old.commodity_id is not null) execute function log_market_ask_gone()`.execute(db);
  } else {
    const insert = sql.raw(`insert into market_asks (product_id, commodity_id, region, price_minor, active, at)
      values (new.id, new.commodity_id, new.region, new.price_minor, new.is_active, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
    await sql`create trigger products_insert_market_ask after insert on products for each row when new.commodity_id is not null begin ${insert}; end`.execute(db);
    const changed = sql.raw(`(new.commodity_id is not null or old.commodity_id is not null) and (${watched.map((c) => `old.${c} is not new.${c}`).join(' or ')})`);
    await sql`create trigger products_update_market_ask after update of ${sql.raw(watched.join(', '))} on products for each row when ${changed} begin ${insert}; end`.execute(db);
    await sql`create trigger products_delete_market_ask after delete on products for each row when old.commodity_id is not null begin
      insert into market_asks (product_id, commodity_id, region, price_minor, active, at)
      values (old.id, old.commodity_id, old.region, old.price_minor, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); end`.execute(db);
  }
}

/** Frozen here: a migration never changes with later code. `listings` are lower-case LIKE patterns. */
const COMMODITIES = [
  { id: 'maize-50kg', name: 'Maize', unit: '50 kg bag', category: 'Grains', words: 'maize corn aburo', listings: ['%maize (50 kg bag)%'] },
  { id: 'rice-25kg', name: 'Rice', unit: '25 kg bag', category: 'Grains', words: 'rice emo', listings: ['%rice (25 kg bag)%'] },
  { id: 'rice-5kg', name: 'Rice', unit: '5 kg bag', category: 'Grains', words: 'rice emo', listings: ['%rice (5 kg bag)%'] },
  { id: 'millet-50kg', name: 'Millet', unit: '50 kg bag', category: 'Grains', words: 'millet', listings: ['%millet (50 kg bag)%'] },
  { id: 'sorghum-50kg', name: 'Sorghum', unit: '50 kg bag', category: 'Grains', words: 'sorghum', listings: ['%sorghum (50 kg bag)%'] },
  { id: 'soya-50kg', name: 'Soya beans', unit: '50 kg bag', category: 'Grains', words: 'soya soy soybean soybeans', listings: ['soya beans (50 kg bag)%'] },
  { id: 'groundnuts-olonka', name: 'Groundnuts', unit: 'olonka', category: 'Grains', words: 'groundnut groundnuts nkate peanuts', listings: ['%groundnuts (olonka)%'] },
  { id: 'cowpea-olonka', name: 'Cowpea', unit: 'olonka', category: 'Grains', words: 'cowpea beans', listings: ['%cowpea (olonka)%'] },
  { id: 'yam-tuber', name: 'Yam', unit: 'tuber', category: 'Tubers', words: 'yam bayere', listings: ['%yam (medium tuber)%', '%yam (tuber)%'] },
  { id: 'cassava-maxi-bag', name: 'Cassava', unit: 'maxi bag', category: 'Tubers', words: 'cassava bankye', listings: ['fresh cassava (maxi bag)%'] },
  { id: 'tomatoes-crate', name: 'Tomatoes', unit: 'crate', category: 'Vegetables', words: 'tomato tomatoes ntoos', listings: ['fresh tomatoes (crate)%'] },
  { id: 'okra-basket', name: 'Okra', unit: 'medium basket', category: 'Vegetables', words: 'okra okro nkruma', listings: ['fresh okra (medium basket)%'] },
  { id: 'onions-50kg', name: 'Onions', unit: '50 kg bag', category: 'Vegetables', words: 'onion onions gyeene', listings: ['%onions (50 kg bag)%'] },
  { id: 'pepper-olonka', name: 'Pepper', unit: 'olonka', category: 'Vegetables', words: 'pepper mako', listings: ['%pepper (olonka)%'] },
  { id: 'plantain-bunch', name: 'Plantain', unit: 'bunch', category: 'Fruits', words: 'plantain borode', listings: ['%plantain (bunch)%', '%plantain (large bunch)%'] },
  { id: 'pineapple-each', name: 'Pineapple', unit: 'each', category: 'Fruits', words: 'pineapple abrobe', listings: ['%pineapple (each)%'] },
  { id: 'goat-head', name: 'Goat', unit: 'head', category: 'Livestock', words: 'goat goats aponkye', listings: ['%goat (mature, head)%'] },
  { id: 'broiler-live', name: 'Broiler chicken', unit: 'live bird', category: 'Poultry', words: 'broiler chicken akoko', listings: ['live broiler chicken%'] },
  { id: 'eggs-crate', name: 'Eggs', unit: 'crate of 30', category: 'Poultry', words: 'egg eggs nkesua', listings: ['%eggs (crate of 30)%'] },
  { id: 'npk-50kg', name: 'NPK 15-15-15 fertilizer', unit: '50 kg bag', category: 'Fertilizers', words: 'npk fertilizer fertiliser', listings: ['npk 15-15-15%'] },
  { id: 'urea-50kg', name: 'Urea fertilizer', unit: '50 kg bag', category: 'Fertilizers', words: 'urea', listings: ['urea%'] },
];
