import { GHANA_REGIONS } from '../../../shared/catalogue';
import { INDEX_WEEKS, median, publishedSales } from '../../../shared/market-prices';
import { isoWeekOf, weekStart, weeksEndingWith } from '../../../shared/market-weeks';
import { fromMinor } from '../../../shared/money';
import type { MarketPriceDetail, MarketPriceSummary, MarketPricesQuery, MarketWeek } from '../../../shared/schemas/market-prices';
import { namesOf } from '../../../shared/reference/commodity-names';
import type { Db } from '../../platform/db';
import { COUNTRY } from './index-update';

const WEEK_MS = 7 * 86_400_000;
const cellKey = (commodityId: string, region: string, week: string) => `${commodityId}|${region}|${week}`;

interface PaidCell {
  paid_minor: number | null;
  sales: number;
  sellers: number;
}

/**
 * The asking prices in force at the end of each week (now, for the current one), by
 * commodity, region and week, from the listing price log: one pass over the log in time order.
 */
export async function askingByWeek(db: Db, weeks: string[], nowMs: number): Promise<Map<string, number[]>> {
  const until = new Date(nowMs).toISOString();
  const log = await db.selectFrom('market_asks').select(['product_id', 'commodity_id', 'region', 'price_minor', 'active', 'at']).where('at', '<=', until).orderBy('at').orderBy('id').execute();
  const standing = new Map<number, (typeof log)[number]>();
  const byCell = new Map<string, number[]>();
  let next = 0;
  for (const week of weeks) {
    const end = Math.min(weekStart(week) + WEEK_MS, nowMs + 1);
    const endIso = new Date(end).toISOString();
    while (next < log.length && log[next]!.at < endIso) {
      standing.set(log[next]!.product_id, log[next]!);
      next += 1;
    }
    for (const ask of standing.values()) {
      if (!ask.active || !ask.commodity_id) continue;
      for (const region of [ask.region, COUNTRY]) {
        const key = cellKey(ask.commodity_id, region, week);
        const prices = byCell.get(key);
        if (prices) prices.push(ask.price_minor);
        else byCell.set(key, [ask.price_minor]);
      }
    }
  }
  return byCell;
}

export async function paidCells(db: Db, weeks: string[], regions: string[]): Promise<Map<string, PaidCell>> {
  const rows = await db.selectFrom('market_price_cells').select(['commodity_id', 'region', 'week', 'paid_minor', 'sales', 'sellers']).where('week', 'in', weeks).where('region', 'in', regions).execute();
  return new Map(rows.map((r) => [cellKey(r.commodity_id, r.region, r.week), r]));
}

const cedis = (minor: number | null) => (minor === null ? null : fromMinor(minor));

/** One commodity's figures in one region and week, in pesewas, as the API shows them. */
export function cellFigures(commodityId: string, region: string, week: string, paid: Map<string, PaidCell>, asking: Map<string, number[]>) {
  const cell = paid.get(cellKey(commodityId, region, week));
  const asks = asking.get(cellKey(commodityId, region, week)) ?? [];
  // Too few sales, or sales by too few sellers, to publish without telling one farmer's trade,
  // or by too few buyers to keep one from outweighing the rest (no paid median then): the
  // asking price (public on the listings anyway) stands alone, and the count is banded.
  const sales = cell?.paid_minor == null ? 0 : publishedSales(cell.sales, cell.sellers);
  return { paidMinor: sales > 0 ? (cell?.paid_minor ?? null) : null, askingMinor: median(asks), sales, listings: asks.length };
}

function weekOf(commodityId: string, region: string, week: string, paid: Map<string, PaidCell>, asking: Map<string, number[]>) {
  const figures = cellFigures(commodityId, region, week, paid, asking);
  const entry: MarketWeek = { week, paid: cedis(figures.paidMinor), asking: cedis(figures.askingMinor) };
  return { entry, sales: figures.sales, listings: figures.listings };
}

export function createMarketPrices(db: Db) {
  return {
    /** Every commodity (of a category) this week in a region or the whole country, with its last weeks. */
    async list(query: MarketPricesQuery, now = new Date()): Promise<MarketPriceSummary[]> {
      const weeks = weeksEndingWith(isoWeekOf(now), INDEX_WEEKS);
      const region = query.region ?? COUNTRY;
      let commodities = db.selectFrom('commodities').select(['id', 'name', 'unit', 'category']).orderBy('position');
      if (query.category) commodities = commodities.where('category', '=', query.category);
      const [rows, paid, asking] = await Promise.all([commodities.execute(), paidCells(db, weeks, [region]), askingByWeek(db, weeks, now.getTime())]);
      return rows.map((c) => {
        const history = weeks.map((week) => weekOf(c.id, region, week, paid, asking));
        const current = history[history.length - 1]!;
        return { ...c, names: namesOf(c), paid: current.entry.paid, asking: current.entry.asking, sales: current.sales, listings: current.listings, weeks: history.map((h) => h.entry) };
      });
    },

    /** One commodity's last weeks in every region, side by side; undefined for an unknown id. */
    async detail(id: string, now = new Date()): Promise<MarketPriceDetail | undefined> {
      const commodity = await db.selectFrom('commodities').select(['id', 'name', 'unit']).where('id', '=', id).executeTakeFirst();
      if (!commodity) return undefined;
      const weeks = weeksEndingWith(isoWeekOf(now), INDEX_WEEKS);
      const [paid, asking] = await Promise.all([paidCells(db, weeks, [...GHANA_REGIONS]), askingByWeek(db, weeks, now.getTime())]);
      return { ...commodity, names: namesOf(commodity), regions: GHANA_REGIONS.map((region) => ({ region, weeks: weeks.map((week) => weekOf(id, region, week, paid, asking).entry) })) };
    },

    /** Commodities a seller may pick when listing. */
    commodities: () => db.selectFrom('commodities').select(['id', 'name', 'unit', 'category', 'words']).orderBy('position').execute(),
  };
}
