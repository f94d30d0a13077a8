import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../index';
import { migration as m001 } from './001_initial';
import { migration as m002 } from './002_sellers';
import { migration as m003 } from './003_catalogue';
import { migration as m004 } from './004_wishlist';
import { migration as m005 } from './005_fleet';
import { migration as m006 } from './006_audit';
import { migration as m007 } from './007_messages';
import { migration as m008 } from './008_orders';
import { migration as m009 } from './009_api_cache';
import { migration as m010 } from './010_offers';
import { migration as m011 } from './011_contact_changes';
import { migration as m012 } from './012_submission_review';
import { migration as m013 } from './013_ledger';
import { migration as m014 } from './014_search';
import { migration as m015 } from './015_mirror_scope';
import { migration as m016 } from './016_ussd';
import { migration as m017 } from './017_market_prices';
import { migration as m018 } from './018_language';
import { migration as m019 } from './019_market_price_rows';
import { migration as m020 } from './020_market_sales_folded';
import { migration as m021 } from './021_market_cell_sellers';
import { migration as m022 } from './022_feed_epoch';
import { migration as m023 } from './023_place_order';
import { migration as m024 } from './024_search_terms';
import { migration as m025 } from './025_search_term_cores';
import { migration as m026 } from './026_search_terms_written_through';
import { migration as m027 } from './027_shelves';
import { migration as m028 } from './028_related_products';
import { migration as m029 } from './029_collected_sales';
import { migration as m030 } from './030_single_line_text';
import { migration as m031 } from './031_transport';
import { migration as m032 } from './032_staff_and_transporters';
import { migration as m033 } from './033_partial_refunds';
import { migration as m034 } from './034_sales_records';
import { migration as m035 } from './035_pickup_refusals';
import { migration as m036 } from './036_whatsapp_channel';
import { migration as m037 } from './037_transporter_recipients';
import { migration as m038 } from './038_line_checks';
import { migration as m039 } from './039_product_quality';
import { migration as m040 } from './040_failed_lot_returns';
import { migration as m041 } from './041_open_loads_index';
import { migration as m042 } from './042_check_photos';
import { migration as m043 } from './043_name_words';

/**
 * Every migration, in order, for SQLite and PostgreSQL alike (the identity column differs;
 * otherwise types both understand: integer, text): one file each, named as the
 * migrations table records it (`NNN_what`), each exporting `migration(dialect)`. A shipped
 * migration is frozen: never edit it (a database that ran it will not run it again), add the
 * next file and its line here. A migration imports nothing but kysely, Node and the migrations
 * before it (lint checks it): live code changes, and an old migration must do tomorrow what it
 * did the day it shipped. docs/recipes.md, "A migration".
 */
export const MIGRATIONS: readonly (readonly [name: string, migration: (dialect: Dialect) => Migration])[] = [
  ['001_initial', m001],
  ['002_sellers', m002],
  ['003_catalogue', m003],
  ['004_wishlist', m004],
  ['005_fleet', m005],
  ['006_audit', m006],
  ['007_messages', m007],
  ['008_orders', m008],
  ['009_api_cache', m009],
  ['010_offers', m010],
  ['011_contact_changes', m011],
  ['012_submission_review', m012],
  ['013_ledger', m013],
  ['014_search', m014],
  ['015_mirror_scope', m015],
  ['016_ussd', m016],
  ['017_market_prices', m017],
  ['018_language', m018],
  ['019_market_price_rows', m019],
  ['020_market_sales_folded', m020],
  ['021_market_cell_sellers', m021],
  ['022_feed_epoch', m022],
  ['023_place_order', m023],
  ['024_search_terms', m024],
  ['025_search_term_cores', m025],
  ['026_search_terms_written_through', m026],
  ['027_shelves', m027],
  ['028_related_products', m028],
  ['029_collected_sales', m029],
  ['030_single_line_text', m030],
  ['031_transport', m031],
  ['032_staff_and_transporters', m032],
  ['033_partial_refunds', m033],
  ['034_sales_records', m034],
  ['035_pickup_refusals', m035],
  ['036_whatsapp_channel', m036],
  ['037_transporter_recipients', m037],
  ['038_line_checks', m038],
  ['039_product_quality', m039],
  ['040_failed_lot_returns', m040],
  ['041_open_loads_index', m041],
  ['042_check_photos', m042],
  ['043_name_words', m043],
];

export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(MIGRATIONS.map(([name, migration]) => [name, migration(this.dialect)]));
  }
}
