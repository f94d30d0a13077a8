import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../src/shared/schemas/accounts';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { routeByKey } from '../../src/shared/api';
import type { RouteAuth } from '../../src/shared/api/route';
import { now } from '../../src/server/platform/db';
import { appRoutes, appWithoutRateLimits } from '../support/attack';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { firstWarehouseId, makeProduct, makeUser, putInCart } from '../support/shop';

/**
 * Every route x every actor, each actor reaching for things that belong to the others. Who may
 * do what is the table below; a route of the app without a row fails the test.
 *
 *   public    anyone; nothing of anyone's is involved
 *   signedIn  any signed-in user, about their own things (visitor: 401)
 *   customer / seller / operator / transporter   that role only (visitor 401, other roles 403)
 *   warehouse   a warehouse's staff (of the first warehouse, the buyers' pickup) or the operator
 *   buyerA / sellerA   only the owner of the resource in the path (everyone else 401/403/404)
 *
 * Allowed actors must not be refused (401/403, or 404 for owners); everyone else must be.
 * Whatever the answer, no one but the operator may see another user's private markers.
 */
type Actor = 'visitor' | 'buyerA' | 'buyerB' | 'sellerA' | 'sellerB' | 'staff' | 'transporter' | 'operator';
type Rule = 'public' | 'signedIn' | 'customer' | 'seller' | 'warehouse' | 'transporter' | 'operator' | 'buyerA' | 'sellerA';
/** [who may, body]; path params are filled from the fixtures by name (see `param`). */
type Row = [Rule, unknown?, 'owner may get 404'?];
/**
 * A declared route (src/shared/api) says who may call it: its row here is needed only for a
 * body, or to narrow the rule to the owner of the thing in the path; without one, its
 * declaration's auth is the rule. A row must agree with the declaration (tested below).
 */
const RULE_OF_AUTH: Record<RouteAuth, Rule> = { none: 'public', user: 'signedIn', customer: 'customer', seller: 'seller', admin: 'operator', warehouse: 'warehouse', transporter: 'transporter', gateway: 'public' };
const RULES_AGREEING: Record<RouteAuth, Rule[]> = { none: ['public'], user: ['signedIn', 'buyerA', 'sellerA'], customer: ['customer', 'buyerA'], seller: ['seller', 'sellerA'], admin: ['operator'], warehouse: ['warehouse'], transporter: ['transporter'], gateway: ['public'] };
const declarationOf = (key: string) => routeByKey(key.replace(' /api/v1/', ' /'));

function rowOf(key: string): Row | undefined {
  const declared = key.includes(' /api/v1/') ? declarationOf(key) : undefined;
  return TABLE[key] ?? (declared ? [RULE_OF_AUTH[declared.auth]] : undefined);
}

/** A body may name a fixture: `(fixture) => ({ productId: Number(fixture.productId) })`. */
const withFixtures = (make: (fixture: Record<string, string>) => unknown) => make;

const PASSWORD = 'Str0ng#Pass';
const TABLE: Record<string, Row> = {
  'POST /api/v1/payments/paystack/webhook': ['public', { event: 'charge.success', data: { reference: 'x' } }],
  'POST /api/v1/payments/sandbox/:reference/approve': ['buyerA'],
  'POST /api/v1/payments/sandbox/:reference/decline': ['buyerA'],
  // The sandbox takes no codes (Paystack's Telecel flow does): here even the owner gets 404.
  'POST /api/v1/payments/:reference/otp': ['buyerA', { otp: '123456' }, 'owner may get 404'],
  'POST /api/v1/product-submissions/my-submissions/:id/images': ['sellerA'],
  'POST /api/v1/auth/login': ['public', { email: 'nobody@example.com', password: PASSWORD }],
  'POST /api/v1/token/refresh': ['public', { refreshToken: 'not-a-real-refresh-token-of-anyone-at-all' }],
  'POST /api/v1/logout': ['public', { refreshToken: 'not-a-real-refresh-token-of-anyone-at-all' }],
  'POST /api/v1/auth/sessions/revoke-others': ['signedIn', { refreshToken: 'not-a-real-refresh-token-of-anyone-at-all' }],
  'POST /api/v1/shop/customers/register': ['public', { firstName: 'Ama', lastName: 'Mensah', email: 'matrix-new@example.com', password: PASSWORD, phoneNumber: '233241234567', address: { street: '1 Ring Road', city: 'Accra', region: 'Greater Accra', postalCode: '', country: 'Ghana' } }],
  'POST /api/v1/otp/verify': ['public', { contact: 'nobody@example.com', otp: '123456' }],
  'POST /api/v1/otp/resend': ['public', { contact: 'nobody@example.com' }],
  'POST /api/v1/auth/password/change': ['signedIn', { currentPassword: 'Wrong#Pass1', newPassword: 'N3w#Password' }],
  'POST /api/v1/auth/password/reset-request': ['public', { email: 'nobody@example.com' }],
  'POST /api/v1/auth/password/verify-otp': ['public', { email: 'nobody@example.com', otp: '123456' }],
  'POST /api/v1/auth/password/reset/check': ['public', { token: '1.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }],
  'POST /api/v1/auth/password/reset': ['public', { token: '1.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', newPassword: 'N3w#Password' }],
  'PATCH /api/v1/shop/customers/me': ['customer', { firstName: 'Efua' }],
  'PUT /api/v1/shop/customers/me': ['customer', { firstName: 'Efua' }],
  'POST /api/v1/shop/customers/me/addresses': ['customer', { street: '3 Oxford Street', city: 'Accra', region: 'Greater Accra', country: 'Ghana' }],
  'PATCH /api/v1/shop/customers/me/addresses/:id': ['buyerA', { city: 'Tema' }],
  'DELETE /api/v1/shop/customers/me/addresses/:id': ['buyerA'],
  // Buyer A's order was delivered: only buyer A may review its product.
  'POST /api/v1/reviews': ['buyerA', withFixtures((f) => ({ productId: Number(f.productId), rating: 4, comment: 'Good and fresh.' }))],
  'POST /api/v1/shop/cart': ['signedIn', { productId: 1, quantity: 1 }],
  'PATCH /api/v1/shop/cart/items/:id': ['buyerA', { quantity: 2 }],
  'DELETE /api/v1/shop/cart/items/:id': ['buyerA'],
  'POST /api/v1/shop/checkout': ['signedIn', { pickupLocationId: 1, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' }],
  'POST /api/v1/shop/checkout/:checkoutId/payment': ['buyerA', { amount: 1, paymentDetails: { reference: 'unknown-reference' } }],
  'GET /api/v1/shop/customers/me/orders/:id': ['buyerA'],
  'GET /api/v1/shop/customers/track-order/:orderNumber': ['buyerA'],
  'PATCH /api/v1/admin/orders/:id/status': ['operator', { status: 'SHIPPED', notes: 'matrix' }],
  'POST /api/v1/contact': ['public', { name: 'Kojo', email: 'kojo@example.com', subject: 'Hello', message: 'A question about yams.' }],
  'POST /api/v1/sellers/register': ['public', { email: 'not-an-email' }],
  'POST /api/v1/sellers/verify-email': ['public', { token: 'not-a-real-token' }],
  'POST /api/v1/sellers/resend-verification': ['public', { email: 'nobody@example.com' }],
  'PUT /api/v1/sellers/me': ['seller', { businessName: 'Matrix Farms' }],
  'GET /api/v1/product-submissions/my-submissions/:id': ['sellerA'],
  'PATCH /api/v1/product-submissions/my-submissions/:id': ['sellerA', { stockQuantity: 7 }],
  'DELETE /api/v1/product-submissions/my-submissions/:id/images/:imageId': ['sellerA'],
  'DELETE /api/v1/product-submissions/my-submissions/:id': ['sellerA'],
  'POST /api/v1/admin/submissions/:id/reject': ['operator', { note: 'Please add a clearer photo.' }],
  'POST /api/v1/admin/sellers/:userId/verification': ['operator', { status: 'VERIFIED' }],
  'GET /media/:folder/:key/:file': ['public'],
  'GET /sitemap.xml': ['public'],
  'GET /sitemaps/pages.xml': ['public'],
  'GET /sitemaps/:file': ['public'],
  // A shared sales record's page and PDF (docs/records.md): anyone with the code.
  'GET /records/:file': ['public'],
  'GET /robots.txt': ['public'],
  'GET /healthz': ['public'],
  'GET /readyz': ['public'],
  // Guarded by METRICS_TOKEN, not by a role: without the token it is 404 for everyone.
  'GET /metrics': ['public'],
  'POST /api/v1/shop/customers/me/orders/:id/cancel': ['buyerA', { reason: 'matrix' }],
  'POST /api/v1/admin/orders/:id/pickup': ['warehouse', { code: '000000' }],
  // Issue 41 item 3: a line refused at the pickup counter, and the operator's decision.
  'POST /api/v1/warehouse/orders/:orderId/items/:itemId/refusal': ['warehouse', { reason: 'Matrix refusal' }],
  'POST /api/v1/admin/refusals/:id/decision': ['operator', { outcome: 'RELEASE' }],
  // Issue 40: warehouse staff and transporters (the operator's staff assignment names nobody real).
  'POST /api/v1/admin/warehouses/:id/staff': ['operator', { userId: 99_999_999 }],
  'POST /api/v1/warehouse/consignments/:id/collected': ['warehouse', { code: '000000' }],
  'POST /api/v1/warehouse/consignments/:id/arrived': ['warehouse', { code: '000000' }],
  'POST /api/v1/transporters/register': ['public', { email: 'not-an-email' }],
  'POST /api/v1/transporters/me/loads/:id/events': ['transporter', { type: 'MILESTONE', at: '2026-01-01T00:00:00.000Z' }],
  'PUT /api/v1/shop/customers/me/notification-preferences': ['signedIn', { topic: 'orders', channel: 'sms', enabled: false }],
  'POST /api/v1/shop/customers/me/push-subscriptions': ['signedIn', { endpoint: 'not-a-url' }],
  'POST /api/v1/auth/contact-change': ['signedIn', { channel: 'email', value: 'matrix@example.com', currentPassword: 'Wrong#Pass1' }],
  'POST /api/v1/auth/contact-change/resend': ['signedIn', { channel: 'email' }],
  'POST /api/v1/auth/contact-change/verify': ['signedIn', { channel: 'email', code: '000000' }],
  'POST /api/v1/auth/contact-change/cancel': ['signedIn', { channel: 'phone' }],
  'POST /api/v1/auth/contact-change/undo': ['public', { token: '1-1.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }],
  'POST /api/v1/auth/phone/verify': ['signedIn', { code: '000000' }],
  // Sign-in by SMS code answers the same whoever asks (it reveals nothing about the number).
  'POST /api/v1/auth/sms/send-code': ['public', { phone: '0241234567' }],
  'POST /api/v1/auth/sms/verify': ['public', { phone: '0241234567', code: '000000' }],
  // Gateways: guarded by their ?token= settings (unset in tests), not by a role; tests/server/ussd-gateways.test.ts and market-prices-sms.test.ts cover the tokens.
  'GET /api/docs': ['public'],
};

const ACTORS: Actor[] = ['visitor', 'buyerA', 'buyerB', 'sellerA', 'sellerB', 'staff', 'transporter', 'operator'];
const ROLE_OF: Record<Actor, UserType | undefined> = { visitor: undefined, buyerA: 'CUSTOMER', buyerB: 'CUSTOMER', sellerA: 'SELLER', sellerB: 'SELLER', staff: 'WAREHOUSE', transporter: 'TRANSPORTER', operator: 'ADMIN' };

let server: TestServer;
let app: ReturnType<typeof appWithoutRateLimits>;
const tokens: Partial<Record<Actor, string>> = {};
/** Path parameters naming buyer A's and seller A's things (or, for operator actions, seller B's). */
const params: Record<string, string> = {};
/** Text only its owner (and the operator) may ever see. */
const markers: Partial<Record<Actor, string[]>> = {};

beforeAll(async () => {
  server = await startTestServer();
  app = appWithoutRateLimits(server);
  const db = server.deps.db;
  const warehouseId = await firstWarehouseId(server);
  for (const buyer of ['buyerA', 'buyerB'] as const) {
    const user = await makeUser(server);
    tokens[buyer] = user.token;
    const street = `${buyer} private street ${user.id}`;
    const address = await db.insertInto('customer_addresses').values({ user_id: user.id, street, city: 'Kumasi', region: 'Ashanti', postal_code: null, country: 'Ghana', is_default: 1, created_at: now() }).returning('id').executeTakeFirstOrThrow();
    const product = await makeProduct(server, 20);
    await putInCart(server, user.id, product, 1);
    const res = await server.call('/shop/checkout', { method: 'POST', token: user.token, json: { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } });
    expect(res.status).toBeLessThan(300);
    const started = ((await res.json()) as { data: CheckoutStarted }).data;
    // The cart stays as it was until payment: its line is the cart item to reach for.
    const order = await db.selectFrom('orders').select(['id', 'order_number']).where('id', '=', started.orderId).executeTakeFirstOrThrow();
    markers[buyer] = [user.email, street];
    await db.updateTable('orders').set({ status: 'DELIVERED', payment_status: 'PAID', delivered_at: now() }).where('id', '=', started.orderId).execute();
    if (buyer === 'buyerA') Object.assign(params, { buyerAId: String(user.id), addressId: String(address.id), orderId: String(order.id), orderNumber: order.order_number, reference: started.reference, productId: String(product) });
  }
  const sellerEmails = { sellerA: 'seller@akuafo.demo', sellerB: 'kofi.farms@akuafo.demo' } as const;
  for (const seller of ['sellerA', 'sellerB'] as const) {
    tokens[seller] = await tokenFor(server, sellerEmails[seller]);
    const name = `Private listing of ${seller}`;
    const res = await server.call('/product-submissions', { method: 'POST', token: tokens[seller], body: productForm({ ...VALID_PRODUCT, name }, [{ name: 'a.png', data: await pngImage() }, { name: 'b.png', data: await pngImage('#ffaa00') }]) });
    expect(res.status).toBe(201);
    const submission = ((await res.json()) as { data: { id: number; images: { id: number }[] } }).data;
    markers[seller] = [name];
    if (seller === 'sellerA') Object.assign(params, { submissionId: String(submission.id), imageId: String(submission.images[0]!.id) });
  }
  // Operator decisions act on a listing of seller B that carries no marker (approval makes it public).
  const reviewable = await server.call('/product-submissions', { method: 'POST', token: tokens.sellerB, body: productForm(VALID_PRODUCT, [{ name: 'c.png', data: await pngImage() }]) });
  params.reviewableId = String(((await reviewable.json()) as { data: { id: number } }).data.id);
  params.sellerUserId = String((await db.selectFrom('users').select('id').where('email', '=', sellerEmails.sellerB).executeTakeFirstOrThrow()).id);
  tokens.operator = await adminToken(server);
  // Staff of the buyers' pickup warehouse, and a verified transporter (issue 40).
  const staff = await makeUser(server, 'WAREHOUSE');
  await db.updateTable('users').set({ warehouse_id: warehouseId }).where('id', '=', staff.id).execute();
  tokens.staff = staff.token;
  const transporter = await makeUser(server, 'TRANSPORTER');
  await db.insertInto('transporter_profiles').values({ user_id: transporter.id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'GR-1-26', ghana_card_number: 'GHA-000000001-1', region: 'Northern', payout_network: 'MTN', payout_number: '0241234567', status: 'VERIFIED', verified_at: now(), rejection_reason: null, created_at: now(), updated_at: now() }).execute();
  tokens.transporter = transporter.token;
  const image = await db.selectFrom('product_images').select('storage_key').executeTakeFirstOrThrow();
  params.media = `/media/${image.storage_key}/640.webp`;
}, 120_000);
afterAll(() => server.close());

/** Which fixture a path parameter names, by route and name. */
async function fillPath(path: string): Promise<string> {
  if (path.includes('/cart/items/')) {
    // Paying empties the cart: put buyer A's line back whenever a call needs it.
    const line = () => server.deps.db.selectFrom('cart_items').select('id').where('user_id', '=', Number(params.buyerAId)).executeTakeFirst();
    if (!(await line())) await putInCart(server, Number(params.buyerAId), Number(params.productId), 1);
    return path.replace(':id', String((await line())!.id));
  }
  if (path === '/media/:folder/:key/:file') return params.media!;
  if (path === '/sitemaps/:file') return '/sitemaps/products-1.xml';
  const admin = path.startsWith('/api/v1/admin/');
  const byName: Record<string, string> = {
    reference: params.reference!,
    checkoutId: params.orderId!,
    orderNumber: params.orderNumber!,
    orderId: params.orderId!,
    imageId: params.imageId!,
    userId: params.sellerUserId!,
    productId: params.productId!,
  };
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name !== 'id') return byName[name] ?? '1';
    if (path.includes('/addresses/')) return params.addressId!;
    if (path.includes('/orders/')) return params.orderId!;
    if (admin && path.includes('submissions/')) return params.reviewableId!;
    if (path.includes('submissions/')) return params.submissionId!;
    return params.productId!;
  });
}

function allowed(rule: Rule, actor: Actor): boolean {
  switch (rule) {
    case 'public': return true;
    case 'signedIn': return actor !== 'visitor';
    case 'customer': return ROLE_OF[actor] === 'CUSTOMER';
    case 'seller': return ROLE_OF[actor] === 'SELLER';
    case 'warehouse': return actor === 'staff' || actor === 'operator';
    case 'transporter': return actor === 'transporter';
    case 'operator': return actor === 'operator';
    default: return actor === rule;
  }
}

/** Writes last (deletes at the very end), so one route's effect does not spoil another's fixture. */
const ORDER = ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'];

describe('authorization matrix: every route x {visitor, buyer A, buyer B, seller A, seller B, staff, transporter, operator}', () => {
  it('has a row for every route the app serves', () => {
    const missing = appRoutes(server.app).map((r) => `${r.method} ${r.path}`).filter((key) => !rowOf(key));
    expect(missing, `Routes neither declared in src/shared/api nor in the authorization table of ${import.meta.filename}: declare them`).toEqual([]);
  });

  it('agrees with every declared route on who may call it', () => {
    const disagreeing = Object.entries(TABLE)
      .map(([key, [rule]]) => ({ key, rule, declared: declarationOf(key) }))
      .filter(({ key, rule, declared }) => key.includes(' /api/v1/') && declared && !RULES_AGREEING[declared.auth].includes(rule))
      .map(({ key, rule, declared }) => `${key}: the table says ${rule}, the declaration ${declared!.auth}`);
    expect(disagreeing).toEqual([]);
  });

  it('lets each actor do exactly what the table allows, and shows no one another user\'s things', async () => {
    // Within deletes, the deeper path first: an image before the listing that holds it.
    const routes = appRoutes(server.app).sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method) || (a.method === 'DELETE' ? b.path.length - a.path.length : 0));
    const failures: string[] = [];
    const seenByOwner = new Set<string>();
    for (const route of routes) {
      const [rule, body, ownerMay404] = rowOf(`${route.method} ${route.path}`)!;
      // Refused actors first: the allowed one may change or delete the thing.
      const actors = [...ACTORS].sort((a, b) => Number(allowed(rule, a)) - Number(allowed(rule, b)));
      for (const actor of actors) {
        const path = await fillPath(route.path);
        const headers = new Headers();
        if (tokens[actor]) headers.set('authorization', `Bearer ${tokens[actor]}`);
        let payload: BodyInit | undefined;
        if (route.path.startsWith('/api/v1/product-submissions') && route.method === 'POST') {
          payload = productForm({ ...VALID_PRODUCT, name: `Matrix listing by ${actor}` }, [{ name: 'm.png', data: await pngImage('#123456') }]);
        } else if (route.method !== 'GET' && route.method !== 'DELETE') {
          headers.set('content-type', 'application/json');
          payload = JSON.stringify((typeof body === 'function' ? body(params) : body) ?? {});
        }
        const res = await app.request(`http://test.local${path}`, { method: route.method, headers, body: payload });
        const text = await res.text();
        const where = `${route.method} ${path} as ${actor}: ${res.status} ${text.slice(0, 160)}`;
        if (res.status >= 500) failures.push(`server error: ${where}`);
        const owner = (rule === 'buyerA' || rule === 'sellerA') && !ownerMay404;
        if (rule !== 'public') {
          if (allowed(rule, actor) && [401, 403, ...(owner ? [404] : [])].includes(res.status)) failures.push(`refused an allowed actor: ${where}`);
          if (!allowed(rule, actor) && ![401, 403, 404].includes(res.status)) failures.push(`let through: ${where}`);
        }
        for (const secret of markers[actor] ?? []) if (text.includes(secret)) seenByOwner.add(secret);
        if (actor !== 'operator') {
          for (const [other, secrets] of Object.entries(markers)) {
            if (other !== actor && secrets?.some((s) => text.includes(s))) failures.push(`leaked ${other}'s data: ${where}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The leak check means something only if the owners themselves were shown their things.
    expect([...seenByOwner].sort()).toEqual(Object.values(markers).flat().sort());
  }, 120_000);
});
