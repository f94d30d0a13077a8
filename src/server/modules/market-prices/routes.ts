import { Hono } from 'hono';
import { isoWeekOf } from '../../../shared/market-weeks';
import { marketPricesQuerySchema } from '../../../shared/schemas/market-prices';
import type { AppEnv, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { readQuery, type PublicReads } from '../catalogue/public-reads';
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
