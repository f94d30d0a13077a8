import { Hono } from 'hono';
import { idParamSchema, productQuerySchema } from '../../../shared/schemas/catalogue';
import type { AppEnv, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { parseOrThrow, parseQuery } from '../../http/validate';
import { createCatalogueService } from './service';

const SHELVES = ['featured', 'discounted', 'weekly-specials'] as const;

export function catalogueRoutes(deps: Deps) {
  const catalogue = createCatalogueService(deps.db, deps.dialect);
  const app = new Hono<AppEnv>();

  app.get('/products', async (c) => c.json(await catalogue.listProducts(parseQuery(c, productQuerySchema))));

  for (const shelf of SHELVES) {
    app.get(`/products/${shelf}`, async (c) => c.json({ data: await catalogue.shelf(shelf) }));
  }

  app.get('/products/:id', async (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Product Not Found');
    return c.json({ data: await catalogue.getProduct(id, c.get('user')?.id) });
  });

  app.get('/products/:id/reviews', async (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Product Not Found');
    return c.json({ data: await catalogue.listReviews(id) });
  });

  app.get('/categories', async (c) => c.json({ data: await catalogue.categories() }));

  return app;
}

/** A path id that is not a number names nothing: 404, like an id that does not exist. */
export function parseIdOr404(raw: string, message: string): number {
  try {
    return parseOrThrow(idParamSchema, raw);
  } catch {
    throw notFound(message);
  }
}
