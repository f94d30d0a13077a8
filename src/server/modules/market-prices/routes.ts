import { MARKET_PRICE_ROUTES } from '../../../shared/api/market-prices';
import { isoWeekOf } from '../../../shared/market-weeks';
import { COMMODITY_NOT_FOUND } from '../../../shared/schemas/market-prices';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { notFound } from '../../http/errors';
import { IMMUTABLE_READ, type PublicReads, REVALIDATE_READ } from '../catalogue';
import { priceChanges } from './feed';
import { createMarketPrices } from './service';

const [list, changes, detail] = MARKET_PRICE_ROUTES;

/**
 * The public price index, through the catalogue's answer cache: keyed by the head (which moves
 * with listings and with the index's own counter) and by the week, so Monday starts a new answer.
 */
export function marketPricesRoutes(deps: Deps, reads: PublicReads) {
  const prices = createMarketPrices(deps.db);
  return [
    implement(list, ({ query, c }) => {
      const week = isoWeekOf(Date.now());
      return reads.answer(c, `market-prices:${week}:${query.region ?? ''}:${query.category ?? ''}`, async () => ({ data: await prices.list(query) }));
    }),
    // The phone's mirror: the rows changed after its cursor (./feed.ts). Declared before /:id,
    // which would take "changes" for a commodity. A page short of the head stays a correct step
    // of a pull for good (a row that changed since left it for a later page), as the catalogue's.
    implement(changes, ({ query, c }) => {
      const week = isoWeekOf(Date.now());
      return reads.answer(c, `market-price-changes:${week}:${query.since}:${query.limit}:${query.commodities ?? ''}`, async () => ({ data: await priceChanges(deps.db, query) }), {
        cacheControl: ({ data }) => (data.hasMore ? IMMUTABLE_READ : REVALIDATE_READ),
      });
    }),
    implement(detail, ({ params: { id }, c }) => {
      const week = isoWeekOf(Date.now());
      return reads.answer(c, `market-price:${week}:${id}`, async () => {
        const found = await prices.detail(id);
        if (!found) throw notFound(COMMODITY_NOT_FOUND);
        return { data: found };
      });
    }),
  ];
}
