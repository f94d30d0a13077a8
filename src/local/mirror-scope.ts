import { CATEGORIES, GHANA_REGIONS, type Category, type GhanaRegion } from '../shared/catalogue';
import { MAX_SCOPE_IDS, type SyncQueryInput } from '../shared/schemas/catalogue';
import type { Profile } from '../shared/schemas/accounts';
import { getMeta, localDb, setMeta, type AkuafoDb, type LocalProduct } from './db';
import { readDataSaver } from './settings';

/**
 * What the phone's catalogue mirror holds (issue 25): its owner's region, of the categories
 * they chose (all when none), the home shelves, and everything they opened, carted, ordered or
 * wishlisted, within a budget of listings. The server sends only that (GET /sync/catalogue
 * with the scope); src/local/catalogue.ts drops what leaves it and evicts beyond the budget.
 */
const REGION_KEY = 'mirror.region';
const CATEGORIES_KEY = 'mirror.categories';
const ASKED_KEY = 'mirror.regionAsked';
/** Moves whenever listings leave the mirror without its cursor moving (the query copy is rebuilt). */
export const MIRROR_GENERATION_KEY = 'mirror.generation';

export const MIRROR_BUDGET = 5_000;
export const MIRROR_BUDGET_DATA_SAVER = 1_000;

export interface MirrorScope {
  /** The region chosen, or the signed-in buyer's default address's region; undefined: none yet. */
  region: GhanaRegion | undefined;
  /** Whether the region is the owner's own choice (not the profile's default). */
  regionChosen: boolean;
  /** Empty: every category. */
  categories: Category[];
}

const isRegion = (r: unknown): r is GhanaRegion => (GHANA_REGIONS as readonly unknown[]).includes(r);

/** The region of the signed-in buyer's default address (or first), if it is one of the 16. */
async function profileRegion(db: AkuafoDb): Promise<GhanaRegion | undefined> {
  // Read from meta directly: importing account.ts here would tie the catalogue pull to the account code.
  const profile = await getMeta<Profile>('profile:me', db);
  const addresses = profile?.addresses ?? [];
  const region = (addresses.find((a) => a.isDefault) ?? addresses[0])?.region;
  return isRegion(region) ? region : undefined;
}

export async function readMirrorScope(db: AkuafoDb = localDb): Promise<MirrorScope> {
  const [chosen, categories] = await Promise.all([getMeta<string>(REGION_KEY, db), getMeta<Category[]>(CATEGORIES_KEY, db)]);
  const region = isRegion(chosen) ? chosen : await profileRegion(db);
  return { region, regionChosen: isRegion(chosen), categories: (categories ?? []).filter((c) => CATEGORIES.includes(c)) };
}

export async function setMirrorRegion(region: GhanaRegion, db: AkuafoDb = localDb): Promise<void> {
  await db.meta.bulkPut([{ key: REGION_KEY, value: region }, { key: ASKED_KEY, value: true }]);
}

export function setMirrorCategories(categories: Category[], db: AkuafoDb = localDb): Promise<void> {
  return setMeta(CATEGORIES_KEY, CATEGORIES.filter((c) => categories.includes(c)), db);
}

/** Whether to ask for the region: never answered nor put off, and no profile region to go by. */
export async function shouldAskRegion(db: AkuafoDb = localDb): Promise<boolean> {
  if (await getMeta<boolean>(ASKED_KEY, db)) return false;
  return (await readMirrorScope(db)).region === undefined;
}

/** "Not now": the prompt is not shown again (Settings still changes the region). */
export function dismissRegionPrompt(db: AkuafoDb = localDb): Promise<void> {
  return setMeta(ASKED_KEY, true, db);
}

export async function mirrorBudget(db: AkuafoDb = localDb): Promise<number> {
  return (await readDataSaver(db)) ? MIRROR_BUDGET_DATA_SAVER : MIRROR_BUDGET;
}

/**
 * The listings the owner keeps whatever the scope and budget: opened (their detail is cached),
 * carted, ordered or wishlisted. Newest interest first, as far as the phone knows it.
 */
export async function keptIds(db: AkuafoDb = localDb): Promise<number[]> {
  const [cart, wishlist, details, orders] = await Promise.all([
    db.cart.toCollection().primaryKeys(),
    // The wishlist's ids (src/local/wishlist.ts keeps them here); read directly, as wishlist.ts imports the catalogue.
    getMeta<number[]>('wishlist', db),
    db.productDetails.toArray().then((rows) => rows.sort((a, b) => (a.cachedAt < b.cachedAt ? 1 : -1)).map((r) => r.id)),
    db.orders.toArray(),
  ]);
  const ordered = orders.flatMap((o) => ((o.detail as { items?: { product?: { id?: number } }[] } | undefined)?.items ?? []).map((i) => i.product?.id));
  const ids = [...cart, ...(Array.isArray(wishlist) ? wishlist : []), ...details, ...ordered];
  return [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
}

/** The scope as GET /sync/catalogue reads it. */
export function scopeSearchParams(scope: MirrorScope, kept: number[]): Pick<SyncQueryInput, 'shelves' | 'region' | 'categories' | 'ids'> {
  const params: Pick<SyncQueryInput, 'shelves' | 'region' | 'categories' | 'ids'> = { shelves: '1' };
  if (scope.region) params.region = scope.region;
  if (scope.categories.length) params.categories = scope.categories.join(',');
  const ids = kept.slice(0, MAX_SCOPE_IDS).sort((a, b) => a - b);
  if (ids.length) params.ids = ids.join(',');
  return params;
}

/** What the mirror's cursor depends on: a change of region or categories pulls afresh. */
export const scopeSignature = (scope: MirrorScope) => `${scope.region ?? ''}|${scope.categories.join(',')}`;

/** Whether a listing is in the scope's area (region and categories); shelves and kept ids aside. */
export function inArea(product: Pick<LocalProduct, 'region' | 'category'>, scope: MirrorScope): boolean {
  if (scope.region === undefined && scope.categories.length === 0) return false;
  return (!scope.region || product.region === scope.region) && (scope.categories.length === 0 || scope.categories.includes(product.category));
}

/** Notes that listings came or went without the cursor moving, so the query copy is rebuilt. */
export async function bumpGeneration(db: AkuafoDb = localDb): Promise<void> {
  await setMeta(MIRROR_GENERATION_KEY, ((await getMeta<number>(MIRROR_GENERATION_KEY, db)) ?? 0) + 1, db);
}
