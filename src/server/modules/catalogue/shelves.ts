import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema';

export type Shelf = 'featured' | 'discounted' | 'weekly-specials';
export const SHELVES: readonly Shelf[] = ['featured', 'discounted', 'weekly-specials'];
/** Products a home shelf shows. */
export const SHELF_SIZE = 12;

/**
 * The products a shelf takes, newest change first: the home page's shelves and the phone
 * mirror's scope (modules/sync/scope.ts) choose them the same way.
 */
export function onShelf<O>(query: SelectQueryBuilder<Database, 'products', O>, kind: Shelf): SelectQueryBuilder<Database, 'products', O> {
  let q = query.where('is_active', '=', 1);
  if (kind === 'featured') q = q.where('is_featured', '=', 1);
  // Every offer carries both figures (shared/discount.ts): the flag keeps the two sections apart.
  if (kind === 'discounted') q = q.where('discount_percentage', '>', 0).where('is_weekly_special', '=', 0);
  if (kind === 'weekly-specials') q = q.where('old_price_minor', 'is not', null).where('is_weekly_special', '=', 1);
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc');
}
