import { CART_ROUTES } from './cart';
import { CATALOGUE_ROUTES } from './catalogue';
import { CONTRACT_ROUTES } from './contract';
import { MARKET_PRICE_ROUTES } from './market-prices';
import { OFFLINE_ROUTES } from './offline';
import { REVIEW_ROUTES } from './reviews';
import type { RouteDeclaration, RouteKey } from './route';
import { SYNC_ROUTES } from './sync';
import { WAREHOUSE_ROUTES } from './warehouses';
import { WISHLIST_ROUTES } from './wishlist';

/**
 * Every declared API route, by module. A new module's routes: a file here exporting its
 * list, and one line below; its server module implements each (src/server/http/declared.ts).
 */
export const DECLARED_ROUTES = [
  ...CART_ROUTES,
  ...WISHLIST_ROUTES,
  ...CATALOGUE_ROUTES,
  ...WAREHOUSE_ROUTES,
  ...SYNC_ROUTES,
  ...OFFLINE_ROUTES,
  ...REVIEW_ROUTES,
  ...MARKET_PRICE_ROUTES,
  ...CONTRACT_ROUTES,
] as const;

type Declared = (typeof DECLARED_ROUTES)[number];
/** Each route by its `METHOD /path` key: what the typed client and the outbox name. */
export type ApiRoutes = { [R in Declared as RouteKey<R>]: R };
export type ApiRouteKey = keyof ApiRoutes;

export const routeByKey = (key: string): RouteDeclaration | undefined => DECLARED_ROUTES.find((r) => `${r.method} ${r.path}` === key);
