import type { CatalogueDelta, SyncQuery } from '../../../shared/schemas/catalogue';
import type { DatabaseHandle, Db } from '../../platform/db';
import { currentCatalogueVersion } from '../../platform/db/catalogue-versions';
import { feedEpoch } from '../../platform/db/feed-epoch';
import { readRows, type ReadRows } from '../../platform/db/read-rows';
import { toProducts } from '../catalogue';
import { areaSince, fitsBudget, inScope, scopeOf, shelfIds } from './scope';

/**
 * The catalogue delta for the phone's mirror: every product and tombstone whose version is
 * above the cursor, oldest first, in pages. A phone that names its mirror's scope (./scope.ts)
 * gets only the products in it, and in `leftIds` those changed since its cursor that are now
 * out (unless the whole catalogue fits in the budget it names: then it gets all, and no leftIds).
 *
 * A page reads thousands of rows (a region's newest listings, sorted by version, and their
 * pictures): on SQLite its reads run on a reader thread, so a new phone's pull does not hold the
 * event loop (issue 25, item 3; 60-80 ms a page at 100,000 listings when they ran on it).
 */
export function createSyncService(db: Db, readOffLoop?: DatabaseHandle['readOffLoop'], readAllOffLoop?: DatabaseHandle['readAllOffLoop']) {
  const read = readRows(db, readOffLoop);

  async function catalogueDelta(query: SyncQuery): Promise<CatalogueDelta> {
    const { since, limit } = query;
    const asked = scopeOf(query);
    const head = await currentCatalogueVersion(db);
    const scope = asked && !(await fitsBudget(db, read, query.budget)) ? { ...asked, createdSince: await areaSince(db, read, asked, query.budget) } : undefined;
    const scoped = scope && inScope(scope, scope.shelves ? await shelfIds(db, read) : []);
    let changed = db.selectFrom('products').selectAll().where('version', '>', since);
    if (scoped) changed = changed.where(scoped);
    const rows = await read(changed.orderBy('version').limit(limit + 1));
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    const upTo = hasMore ? page[page.length - 1].version : head;
    const deleted = await read(db.selectFrom('deleted_products').select('product_id').where('version', '>', since).where('version', '<=', upTo));
    const delta: CatalogueDelta = {
      products: await toProducts(db, page, readAllOffLoop),
      deletedIds: deleted.map((d) => d.product_id),
      cursor: upTo,
      hasMore,
      epoch: await feedEpoch(db),
    };
    // What changed outside the scope may have been inside it before: the phone drops those it
    // holds. A phone catching up on a new scope (since 0, or fresh) holds nothing outside it yet.
    if (scoped) delta.leftIds = since === 0 || query.fresh === '1' ? [] : await leftScope(db, read, scoped, since, upTo);
    return delta;
  }

  return { catalogueDelta };
}

async function leftScope(db: Db, read: ReadRows, scoped: ReturnType<typeof inScope>, since: number, upTo: number): Promise<number[]> {
  const rows = await read(
    db
      .selectFrom('products')
      .select('id')
      .where('version', '>', since)
      .where('version', '<=', upTo)
      .where((eb) => eb.not(scoped(eb)))
      .orderBy('id'),
  );
  return rows.map((r) => r.id);
}
