import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { INDEX_WEEKS } from '../../../shared/market-prices';
import { isoWeekOf, weeksEndingWith } from '../../../shared/market-weeks';
import { fromMinor } from '../../../shared/money';
import type { MarketPriceChanges, MarketPriceChangesQuery, MarketPriceRow } from '../../../shared/schemas/market-prices';
import { namesOf } from '../../../shared/reference/commodity-names';
import type { Db } from '../../platform/db';
import { feedEpoch } from '../../platform/db/feed-epoch';
import type { MarketPriceRowsTable } from '../../platform/db/tables/market-prices';
import { COUNTRY } from './index-update';
import { askingByWeek, cellFigures, paidCells } from './service';

/**
 * The index as phones mirror it (019_market_price_rows): a copy of every figure the list and
 * the detail show, each row versioned, so a phone asks for the rows after its cursor.
 *
 * The copy is brought up to date lazily, when a phone asks: the index moves with every
 * payment, every listing change and every new week, and recomputing it on each of those would
 * put the work on the payment's or the seller's transaction. Instead the copy is stamped with
 * the state it was drawn from (the week, the catalogue counter, which every listing change
 * moves, and the market_prices counter, which every payment and cancellation in the index
 * moves); a phone's ask finds the stamp current and reads, or redraws the window once and
 * writes only the rows whose figures differ, each with a new version.
 */
const WRITE_CHUNK = 200;
type Figures = Pick<MarketPriceRowsTable, 'paid_minor' | 'asking_minor' | 'sales' | 'listings'>;
const rowKey = (commodityId: string, region: string, week: string) => `${commodityId}|${region}|${week}`;
const isEmpty = (f: Figures) => f.paid_minor === null && f.asking_minor === null && f.sales === 0 && f.listings === 0;
const same = (a: Figures, b: Figures) => a.paid_minor === b.paid_minor && a.asking_minor === b.asking_minor && a.sales === b.sales && a.listings === b.listings;

async function stampOf(db: Db, week: string): Promise<string> {
  const rows = await db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ['catalogue', 'market_prices']).execute();
  const value = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
  return `${week}:${value('catalogue')}:${value('market_prices')}`;
}

const heldStamp = async (db: Db) => (await db.selectFrom('market_price_rows_stamp').select('stamp').where('id', '=', 1).executeTakeFirst())?.stamp;

/** Redraws the mirrored rows if the index moved since they were drawn; a no-op (two reads) if not. */
export async function refreshPriceRows(db: Db, now = new Date()): Promise<void> {
  const week = isoWeekOf(now);
  if ((await heldStamp(db)) === (await stampOf(db, week))) return;
  await db.transaction().execute(async (trx) => {
    // One redraw at a time: the counter's row lock holds the next one until this commits, so
    // versions commit in order and a phone's cursor never passes a version still to come.
    const head = await trx.updateTable('counters').set({ value: sql`value` }).where('name', '=', 'market_price_rows').returning('value').executeTakeFirstOrThrow();
    // Read before the index: anything that commits meanwhile moves the stamp past this one.
    const stamp = await stampOf(trx, week);
    if ((await heldStamp(trx)) === stamp) return;
    const weeks = weeksEndingWith(week, INDEX_WEEKS);
    const regions = [COUNTRY, ...GHANA_REGIONS];
    const [commodities, paid, asking, heldRows] = await Promise.all([
      trx.selectFrom('commodities').select('id').execute(),
      paidCells(trx, weeks, regions),
      askingByWeek(trx, weeks, now.getTime()),
      trx.selectFrom('market_price_rows').selectAll().execute(),
    ]);
    const held = new Map(heldRows.map((r) => [rowKey(r.commodity_id, r.region, r.week), r]));
    let version = Number(head.value);
    const changed: MarketPriceRowsTable[] = [];
    for (const { id } of commodities) {
      for (const region of regions) {
        for (const w of weeks) {
          const f = cellFigures(id, region, w, paid, asking);
          const figures: Figures = { paid_minor: f.paidMinor, asking_minor: f.askingMinor, sales: f.sales, listings: f.listings };
          const before = held.get(rowKey(id, region, w));
          held.delete(rowKey(id, region, w));
          if (before ? same(before, figures) : isEmpty(figures)) continue;
          version += 1;
          changed.push({ commodity_id: id, region, week: w, ...figures, version });
        }
      }
    }
    for (let i = 0; i < changed.length; i += WRITE_CHUNK) {
      await trx
        .insertInto('market_price_rows')
        .values(changed.slice(i, i + WRITE_CHUNK))
        .onConflict((oc) =>
          oc.columns(['commodity_id', 'region', 'week']).doUpdateSet((eb) => ({
            paid_minor: eb.ref('excluded.paid_minor'),
            asking_minor: eb.ref('excluded.asking_minor'),
            sales: eb.ref('excluded.sales'),
            listings: eb.ref('excluded.listings'),
            version: eb.ref('excluded.version'),
          })),
        )
        .execute();
    }
    // What is left held is of weeks gone out of the window: phones drop those by the week alone.
    if (held.size) await trx.deleteFrom('market_price_rows').where('week', 'not in', weeks).execute();
    await trx.updateTable('counters').set({ value: version }).where('name', '=', 'market_price_rows').execute();
    await trx.updateTable('market_price_rows_stamp').set({ stamp }).where('id', '=', 1).execute();
  });
}

const toRow = (r: MarketPriceRowsTable): MarketPriceRow => ({
  id: r.commodity_id,
  region: r.region,
  week: r.week,
  paid: r.paid_minor === null ? null : fromMinor(r.paid_minor),
  asking: r.asking_minor === null ? null : fromMinor(r.asking_minor),
  sales: r.sales,
  listings: r.listings,
});

/** The rows changed after `since`, oldest first, a page at a time; a first pull (since 0) skips rows gone empty. */
export async function priceChanges(db: Db, query: MarketPriceChangesQuery, now = new Date()): Promise<MarketPriceChanges> {
  await refreshPriceRows(db, now);
  const { since, limit } = query;
  const head = Number((await db.selectFrom('counters').select('value').where('name', '=', 'market_price_rows').executeTakeFirstOrThrow()).value);
  let changed = db.selectFrom('market_price_rows').selectAll().where('version', '>', since).where('version', '<=', head);
  if (since === 0) changed = changed.where((eb) => eb.or([eb('paid_minor', 'is not', null), eb('asking_minor', 'is not', null), eb('sales', '>', 0), eb('listings', '>', 0)]));
  // A cursor at or past the head (every phone that is up to date) has nothing after it.
  const rows = since >= head ? [] : await changed.orderBy('version').limit(limit + 1).execute();
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  // Every language's names ride along, so a phone that switches language offline reads them at once.
  const commodities = (await db.selectFrom('commodities').select(['id', 'name', 'unit', 'category']).orderBy('position').execute()).map((c) => ({ ...c, names: namesOf(c) }));
  const commoditiesTag = createHash('sha256').update(JSON.stringify(commodities)).digest('hex').slice(0, 12);
  return {
    week: isoWeekOf(now),
    epoch: await feedEpoch(db),
    rows: page.map(toRow),
    cursor: hasMore ? Number(page[page.length - 1]!.version) : head,
    hasMore,
    commoditiesTag,
    ...(since === 0 || query.commodities !== commoditiesTag ? { commodities } : {}),
  };
}
