import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { SyncQuery } from '../../../shared/schemas/catalogue';
import type { Db } from '../../platform/db';
import type { ReadRows } from '../../platform/db/read-rows';
import type { Database } from '../../platform/db/schema';
import { onShelf, SHELF_SIZE, SHELVES } from '../catalogue';

/**
 * What a phone's mirror holds (issue 25): its owner's region, of the categories they chose
 * (all when none), the home shelves, and the products it names (what its owner opened,
 * carted, ordered or wishlisted). The shelves' part is twice what a shelf shows, so a shelf
 * drawn from the mirror stays full when one of its products leaves it.
 */
export interface MirrorScope {
  region?: SyncQuery['region'];
  categories?: NonNullable<SyncQuery['categories']>;
  ids: number[];
  shelves: boolean;
  /** The area holds the listings created since then: its newest, as many as the budget leaves room for. */
  createdSince?: string;
}

export const SHELF_SCOPE = 2 * SHELF_SIZE;

/** The scope a sync request names, or undefined for an older client that names none (the whole catalogue). */
export function scopeOf(q: SyncQuery): MirrorScope | undefined {
  if (q.region === undefined && q.categories === undefined && q.ids === undefined && q.shelves === undefined) return undefined;
  return { region: q.region, categories: q.categories, ids: q.ids ?? [], shelves: q.shelves === '1' };
}

/**
 * Whether the scope applies: a catalogue that fits in the phone's budget is sent whole (a
 * small marketplace needs no scope). Looks at most budget + 1 rows, whatever the catalogue's size.
 */
export async function fitsBudget(db: Db, read: ReadRows, budget: number | undefined): Promise<boolean> {
  if (budget === undefined) return false;
  const beyond = await read(db.selectFrom('products').select('id').orderBy('id').limit(1).offset(budget));
  return beyond.length === 0;
}

/**
 * With a budget, the area (region and categories) keeps its newest listings, as many as the
 * budget leaves after the shelves and the named products: the phone then receives about what it
 * keeps. Undefined when the whole area fits.
 */
export async function areaSince(db: Db, read: ReadRows, scope: MirrorScope, budget: number | undefined): Promise<string | undefined> {
  if (budget === undefined || (scope.region === undefined && scope.categories === undefined)) return undefined;
  const room = Math.max(1, budget - scope.ids.length - (scope.shelves ? SHELVES.length * SHELF_SCOPE : 0));
  const [last] = await read(
    db
      .selectFrom('products')
      .select('created_at')
      .where((eb) => inArea(eb, scope))
      .orderBy('created_at', 'desc')
      .limit(1)
      .offset(room - 1),
  );
  return last?.created_at;
}

/** The answer cache's key part for a scope: equal scopes share answers. */
export function scopeKey(scope: MirrorScope | undefined): string {
  if (!scope) return 'all';
  return [scope.region ?? '', (scope.categories ?? []).join(','), scope.ids.join(','), scope.shelves ? 1 : 0].join('|');
}

/** The ids on the home shelves now (the three shelves' first SHELF_SCOPE products each). */
export async function shelfIds(db: Db, read: ReadRows): Promise<number[]> {
  const lists = await Promise.all(SHELVES.map((kind) => read(onShelf(db.selectFrom('products').select('products.id'), kind).limit(SHELF_SCOPE))));
  return [...new Set(lists.flat().map((r) => r.id))];
}

/** The SQL condition "this product is in the scope", given the shelves' ids at the time. */
export function inScope(scope: MirrorScope, onShelves: number[]) {
  return (eb: ExpressionBuilder<Database, 'products'>): ExpressionWrapper<Database, 'products', SqlBool> => {
    const parts: ExpressionWrapper<Database, 'products', SqlBool>[] = [];
    if (scope.region !== undefined || scope.categories !== undefined) parts.push(inArea(eb, scope));
    const named = [...new Set([...scope.ids, ...(scope.shelves ? onShelves : [])])];
    if (named.length) parts.push(eb('products.id', 'in', named));
    // An empty scope holds nothing: `or` of no parts is false.
    return eb.or(parts);
  };
}

/** The region (if named) and the categories (if any): the always-true "and" of nothing when neither narrows. */
function inArea(eb: ExpressionBuilder<Database, 'products'>, scope: MirrorScope): ExpressionWrapper<Database, 'products', SqlBool> {
  const area: ExpressionWrapper<Database, 'products', SqlBool>[] = [];
  if (scope.region !== undefined) area.push(eb('region', '=', scope.region));
  if (scope.categories?.length) area.push(eb('category', 'in', scope.categories));
  if (scope.createdSince !== undefined) area.push(eb('created_at', '>=', scope.createdSince));
  return eb.and(area);
}
