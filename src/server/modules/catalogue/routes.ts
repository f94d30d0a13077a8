import { Hono } from 'hono';
import { productQuerySchema } from '../../../shared/schemas/catalogue';
import type { AppEnv, Deps } from '../../http/context';
import { parseIdOr404 } from '../../http/params';
import { PERSONAL_READ, PUBLIC_READ, readQuery, type PublicReads } from './public-reads';
import { createCatalogueService } from './service';

const SHELVES = ['featured', 'discounted', 'weekly-specials'] as const;

export function catalogueRoutes(deps: Deps, reads: PublicReads) {
  const catalogue = createCatalogueService(deps.db, deps.dialect, deps.readOffLoop, undefined, deps.readAllOffLoop);
  const app = new Hono<AppEnv>();

  app.get('/products', (c) => {
    // The parsed query (defaults filled in, text trimmed) is the key, so equal questions share an answer.
    const query = readQuery(c, productQuerySchema);
    return reads.answer(c, `products:${JSON.stringify(query)}`, (head) => catalogue.listProducts(query, head));
  });

  for (const shelf of SHELVES) {
    app.get(`/products/${shelf}`, (c) => reads.answer(c, `shelf:${shelf}`, async () => ({ data: await catalogue.shelf(shelf) })));
  }

  // canReview is the one field that depends on who asks: it is part of the key (two answers
  // per product at most), and an answer for a signed-in user is private to their browser.
  app.get('/products/:id', async (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Product Not Found');
    const user = c.get('user');
    const canReview = user ? await catalogue.userCanReview(user.id, id) : false;
    // Keyed on who may keep it too: a signed-in user's answer stays private even when it says what the anonymous one does.
    return reads.answer(c, `product:${id}:${canReview}:${user ? 'private' : 'public'}`, async () => ({ data: await catalogue.getProduct(id, canReview) }), {
      cacheControl: user ? PERSONAL_READ : PUBLIC_READ,
      vary: 'Accept-Encoding, Authorization',
    });
  });

  app.get('/products/:id/reviews', (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Product Not Found');
    return reads.answer(c, `reviews:${id}`, async () => ({ data: await catalogue.listReviews(id) }));
  });

  app.get('/categories', (c) => reads.answer(c, 'categories', async () => ({ data: await catalogue.categories() })));

  return app;
}
