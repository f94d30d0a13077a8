import { Hono } from 'hono';
import { isoWeekOf } from '../../../shared/market-weeks';
import { marketPriceChangesQuerySchema, marketPricesQuerySchema } from '../../../shared/schemas/market-prices';
import type { AppEnv, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { IMMUTABLE_READ, readQuery, REVALIDATE_READ, type PublicReads } from '../catalogue/public-reads';
import { priceChanges } from './feed';
import { createMarketPrices } from './service';

/** Commodity ids are short slugs ("maize-50kg"). */
const ID = /^[a-z0-9-]{1,40}$/;

/**
 * The public price index, through the catalogue's answer cache: keyed by the head (which moves
 * with listings and with the index's own counter) and by the week, so Monday starts a new answer.
 */
export function marketPricesRoutes(deps: Deps, reads: PublicReads) {
  const prices = createMarketPrices(deps.db);
  const app = new Hono<AppEnv>();

  app.get('/market-prices', (c) => {
    const query = readQuery(c, marketPricesQuerySchema);
    const week = isoWeekOf(Date.now());
    return reads.answer(c, `market-prices:${week}:${query.region ?? ''}:${query.category ?? ''}`, async () => ({ data: await prices.list(query) }));
  });

  // The phone's mirror: the rows changed after its cursor (./feed.ts). Registered before /:id,
  // which would take "changes" for a commodity. A page short of the head stays a correct step
  // of a pull for good (a row that changed since left it for a later page), as the catalogue's.
  app.get('/market-prices/changes', (c) => {
    const query = readQuery(c, marketPriceChangesQuerySchema);
    const week = isoWeekOf(Date.now());
    return reads.answer(c, `market-price-changes:${week}:${query.since}:${query.limit}:${query.commodities ?? ''}`, async () => ({ data: await priceChanges(deps.db, query) }), {
      cacheControl: ({ data }) => (data.hasMore ? IMMUTABLE_READ : REVALIDATE_READ),
    });
  });

  app.get('/market-prices/:id', (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) throw notFound('No prices are kept for this commodity.');
    const week = isoWeekOf(Date.now());
    return reads.answer(c, `market-price:${week}:${id}`, async () => {
      const detail = await prices.detail(id);
      if (!detail) throw notFound('No prices are kept for this commodity.');
      return { data: detail };
    });
  });

  return app;
}
