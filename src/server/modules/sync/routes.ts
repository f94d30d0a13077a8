import { Hono } from 'hono';
import { syncQuerySchema, type CatalogueDelta } from '../../../shared/schemas/catalogue';
import type { AppEnv, Deps } from '../../http/context';
import { parseQuery } from '../../http/validate';
import { currentCatalogueVersion } from '../catalogue/versions';
import { toProducts } from '../catalogue/serialize';

/**
 * The catalogue delta for the phone's mirror: every product and tombstone whose version is
 * above the cursor, oldest first, in pages. The ETag is the newest version, so a phone that
 * is up to date gets a bodiless 304.
 */
export function syncRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/sync/catalogue', async (c) => {
    const { since, limit } = parseQuery(c, syncQuerySchema);
    const head = await currentCatalogueVersion(db);
    const etag = `W/"catalogue-${head}-${since}-${limit}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', 'no-cache');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);

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
    return c.json({ data: delta });
  });
  return app;
}
