import { ACCOUNTS_ROUTES } from './accounts';
import { ADMIN_ROUTES } from './admin';
import { CART_ROUTES } from './cart';
import { CHECKOUT_ROUTES } from './checkout';
import { CHECK_ROUTES } from './checks';
import { LEDGER_ROUTES } from './ledger';
import { ORDERS_ROUTES } from './orders';
import { REFUSAL_ROUTES } from './refusals';
import { PAYMENTS_ROUTES } from './payments';
import { PAYOUTS_ROUTES } from './payouts';
import { CONTACT_ROUTES } from './contact';
import { NOTIFICATIONS_ROUTES } from './notifications';
import { CATALOGUE_ROUTES } from './catalogue';
import { CONTRACT_ROUTES } from './contract';
import { MARKET_PRICE_ROUTES } from './market-prices';
import { OFFLINE_ROUTES } from './offline';
import { REVIEW_ROUTES } from './reviews';
import type { RouteDeclaration, RouteKey } from './route';
import { SYNC_ROUTES } from './sync';
import { WAREHOUSE_ROUTES } from './warehouses';
import { TRANSPORT_ROUTES } from './transport';
import { TRANSPORTERS_ROUTES } from './transporters';
import { SELLERS_ROUTES } from './sellers';
import { SUBMISSIONS_ROUTES } from './submissions';
import { USSD_ROUTES } from './ussd';
import { WHATSAPP_ROUTES } from './whatsapp';
import { WISHLIST_ROUTES } from './wishlist';

/**
 * Every declared API route, by module. A new module's routes: a file here exporting its
 * list, and one line below; its server module implements each (src/server/http/declared.ts).
 */
export const DECLARED_ROUTES = [
  ...CART_ROUTES,
  ...WISHLIST_ROUTES,
  ...CHECKOUT_ROUTES,
  ...PAYMENTS_ROUTES,
  ...ORDERS_ROUTES,
  ...REFUSAL_ROUTES,
  ...CHECK_ROUTES,
  ...PAYOUTS_ROUTES,
  ...LEDGER_ROUTES,
  ...CONTACT_ROUTES,
  ...NOTIFICATIONS_ROUTES,
  ...ACCOUNTS_ROUTES,
  ...CATALOGUE_ROUTES,
  ...WAREHOUSE_ROUTES,
  ...TRANSPORT_ROUTES,
  ...TRANSPORTERS_ROUTES,
  ...SYNC_ROUTES,
  ...OFFLINE_ROUTES,
  ...REVIEW_ROUTES,
  ...MARKET_PRICE_ROUTES,
  ...CONTRACT_ROUTES,
  ...SELLERS_ROUTES,
  ...SUBMISSIONS_ROUTES,
  ...ADMIN_ROUTES,
  ...USSD_ROUTES,
  ...WHATSAPP_ROUTES,
] as const;

type Declared = (typeof DECLARED_ROUTES)[number];
/** Each route by its `METHOD /path` key: what the typed client and the outbox name. */
export type ApiRoutes = { [R in Declared as RouteKey<R>]: R };
export type ApiRouteKey = keyof ApiRoutes;

export const routeByKey = (key: string): RouteDeclaration | undefined => DECLARED_ROUTES.find((r) => `${r.method} ${r.path}` === key);
