import { Hono } from 'hono';
import { syncQuerySchema, type CatalogueDelta } from '../../../shared/schemas/catalogue';
import type { AppEnv, Deps } from '../../http/context';
import { IMMUTABLE_READ, REVALIDATE_READ, readQuery, type PublicReads } from '../catalogue/public-reads';
import { currentCatalogueVersion } from '../../platform/db/catalogue-versions';
import { toProducts } from '../catalogue/serialize';

/**
 * The catalogue delta for the phone's mirror: every product and tombstone whose version is
 * above the cursor, oldest first, in pages. A phone that is up to date gets a bodiless 304
 * to the ETag. A page below the head may be kept for good: a product that changed since
 * left it for a later page, which the phone asks for next, so an old copy of the page is
 * still a correct step of the pull.
 */
export function syncRoutes({ db }: Deps, reads: PublicReads) {
  const app = new Hono<AppEnv>();
  app.get('/sync/catalogue', (c) => {
    const { since, limit } = readQuery(c, syncQuerySchema);
    return reads.answer(
      c,
      `sync:${since}:${limit}`,
      async () => {
        const head = await currentCatalogueVersion(db);
        const rows = await db
          .selectFrom('products')
          .selectAll()
          .where('version', '>', since)
          .orderBy('version')
          .limit(limit + 1)
          .execute();
        const hasMore = rows.length > limit;
        const page = rows.slice(0, limit);
        const upTo = hasMore ? page[page.length - 1].version : head;
        const deleted = await db
          .selectFrom('deleted_products')
          .select('product_id')
          .where('version', '>', since)
          .where('version', '<=', upTo)
          .execute();
        const delta: CatalogueDelta = {
          products: await toProducts(db, page),
          deletedIds: deleted.map((d) => d.product_id),
          cursor: upTo,
          hasMore,
        };
        return { data: delta };
      },
      { cacheControl: ({ data }) => (data.hasMore ? IMMUTABLE_READ : REVALIDATE_READ) },
    );
  });
  return app;
}
