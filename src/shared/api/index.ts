import { ADMIN_ROUTES } from './admin';
import { CART_ROUTES } from './cart';
import type { RouteDeclaration, RouteKey } from './route';
import { SELLERS_ROUTES } from './sellers';
import { SUBMISSIONS_ROUTES } from './submissions';
import { USSD_ROUTES } from './ussd';
import { WISHLIST_ROUTES } from './wishlist';

/**
 * Every declared API route, by module. A new module's routes: a file here exporting its
 * list, and one line below; its server module implements each (src/server/http/declared.ts).
 */
export const DECLARED_ROUTES = [
  ...CART_ROUTES,
  ...WISHLIST_ROUTES,
  ...SELLERS_ROUTES,
  ...SUBMISSIONS_ROUTES,
  ...ADMIN_ROUTES,
  ...USSD_ROUTES,
] as const;

type Declared = (typeof DECLARED_ROUTES)[number];
/** Each route by its `METHOD /path` key: what the typed client and the outbox name. */
export type ApiRoutes = { [R in Declared as RouteKey<R>]: R };
export type ApiRouteKey = keyof ApiRoutes;

export const routeByKey = (key: string): RouteDeclaration | undefined => DECLARED_ROUTES.find((r) => `${r.method} ${r.path}` === key);
