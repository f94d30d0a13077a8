import { GHANA_REGIONS } from '../shared/catalogue';
import { INDEX_WEEKS } from '../shared/market-prices';
import { weeksEndingWith } from '../shared/market-weeks';
import type { Commodity, MarketPriceDetail, MarketPriceRow, MarketPriceSummary, MarketWeek } from '../shared/schemas/market-prices';

/**
 * The list and detail answers drawn from the mirrored rows of the index, in the very shapes
 * GET /market-prices and /market-prices/{id} give: a row missing is a week with no figures.
 */
export const priceRowKey = (id: string, region: string, week: string) => `${id}|${region}|${week}`;

export const isEmptyPriceRow = (r: MarketPriceRow) => r.paid === null && r.asking === null && r.sales === 0 && r.listings === 0;

type RowsByKey = ReadonlyMap<string, MarketPriceRow>;

function weekIn(rows: RowsByKey, id: string, region: string, week: string): MarketWeek {
  const row = rows.get(priceRowKey(id, region, week));
  return { week, paid: row?.paid ?? null, asking: row?.asking ?? null };
}

/** Every commodity (of a category) in a region ('' or undefined: the whole country), this week and its last weeks. */
export function summariesFromRows(commodities: Commodity[], rows: RowsByKey, week: string, region: string | undefined, category?: string): MarketPriceSummary[] {
  const weeks = weeksEndingWith(week, INDEX_WEEKS);
  const place = region ?? '';
  return commodities
    .filter((c) => !category || c.category === category)
    .map((c) => {
      const current = rows.get(priceRowKey(c.id, place, week));
      return {
        ...c,
        // A list kept by an older version of the app has no names: the page reads the English.
        names: c.names ?? {},
        paid: current?.paid ?? null,
        asking: current?.asking ?? null,
        sales: current?.sales ?? 0,
        listings: current?.listings ?? 0,
        weeks: weeks.map((w) => weekIn(rows, c.id, place, w)),
      };
    });
}

/** One commodity's last weeks in every region; undefined for one the mirror does not know. */
export function detailFromRows(commodities: Commodity[], rows: RowsByKey, week: string, id: string): MarketPriceDetail | undefined {
  const commodity = commodities.find((c) => c.id === id);
  if (!commodity) return undefined;
  const weeks = weeksEndingWith(week, INDEX_WEEKS);
  return { id, name: commodity.name, unit: commodity.unit, names: commodity.names ?? {}, regions: GHANA_REGIONS.map((region) => ({ region, weeks: weeks.map((w) => weekIn(rows, id, region, w)) })) };
}
