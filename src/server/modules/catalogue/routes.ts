import { CATALOGUE_ROUTES } from '../../../shared/api/catalogue';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { PERSONAL_READ, PUBLIC_READ, type PublicReads } from './public-reads';
import { createCatalogueService } from './service';

const [list, featured, discounted, weeklySpecials, product, reviews, categories] = CATALOGUE_ROUTES;

/** The public catalogue's reads (declared in shared/api/catalogue.ts), each through the answer cache. */
export function catalogueRoutes(deps: Deps, reads: PublicReads) {
  const catalogue = createCatalogueService(deps.db, deps.dialect, deps.readOffLoop, undefined, deps.readAllOffLoop);
  const shelf = (kind: 'featured' | 'discounted' | 'weekly-specials') => implement(
    kind === 'featured' ? featured : kind === 'discounted' ? discounted : weeklySpecials,
    ({ c }) => reads.answer(c, `shelf:${kind}`, async () => ({ data: await catalogue.shelf(kind) })),
  );

  return [
    // The parsed query (defaults filled in, text trimmed) is the key, so equal questions share an answer.
    implement(list, ({ query, c }) => reads.answer(c, `products:${JSON.stringify(query)}`, (head) => catalogue.listProducts(query, head))),
    shelf('featured'),
    shelf('discounted'),
    shelf('weekly-specials'),
    // canReview and yours are the fields that depend on who asks: they are part of the key (a few
    // answers per product at most), and an answer for a signed-in user is private to their browser.
    implement(product, async ({ params: { id }, user, c }) => {
      const canReview = user ? await catalogue.userCanReview(user.id, id) : false;
      const yours = user?.userType === 'SELLER' && (await catalogue.sellerOf(id)) === user.id;
      // Keyed on who may keep it too: a signed-in user's answer stays private even when it says what the anonymous one does.
      return reads.answer(c, `product:${id}:${canReview}:${yours}:${user ? 'private' : 'public'}`, async () => ({ data: await catalogue.getProduct(id, canReview, yours) }), {
        cacheControl: user ? PERSONAL_READ : PUBLIC_READ,
        vary: 'Accept-Encoding, Authorization',
      });
    }),
    implement(reviews, ({ params: { id }, c }) => reads.answer(c, `reviews:${id}`, async () => ({ data: await catalogue.listReviews(id) }))),
    implement(categories, ({ c }) => reads.answer(c, 'categories', async () => ({ data: await catalogue.categories() }))),
  ];
}
