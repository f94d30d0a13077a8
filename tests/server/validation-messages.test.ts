import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/modules/admin/bootstrap';
import { createLogger } from '../../src/server/platform/logging';
import { startTestServer, type TestServer } from '../support/server';
import { sessionToken } from '../support/session';

/**
 * Every validation answer is a sentence for a person, on every route: valibot's own texts
 * ("Invalid key: Expected \"address\" but received undefined") never reach an API client.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  await ensureAdmin(server.deps.db, { email: 'ops@akuafo.test', password: 'Operator#2026' }, createLogger('silent'));
  for (const [role, email] of [['buyer', 'buyer@akuafo.demo'], ['seller', 'seller@akuafo.demo'], ['admin', 'ops@akuafo.test']] as const) {
    const user = await server.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    tokens[role] = (await sessionToken(server, user.id)).token;
  }
});
afterAll(() => server.close());

const RAW = /Invalid \w+: |Expected .* but received|received undefined|\bnever\b/;

const ROUTES: [method: string, path: string, role?: string][] = [
  ['POST', '/shop/customers/register'],
  ['POST', '/auth/login'],
  ['POST', '/token/refresh'],
  ['POST', '/logout'],
  ['POST', '/otp/verify'],
  ['POST', '/otp/resend'],
  ['POST', '/auth/password/reset-request'],
  ['POST', '/auth/password/verify-otp'],
  ['POST', '/auth/password/reset'],
  ['POST', '/auth/password/reset/check'],
  ['POST', '/auth/password/change', 'buyer'],
  ['POST', '/auth/sessions/revoke-others', 'buyer'],
  ['PATCH', '/shop/customers/me', 'buyer'],
  ['POST', '/shop/customers/me/addresses', 'buyer'],
  ['POST', '/shop/cart', 'buyer'],
  ['POST', '/shop/checkout', 'buyer'],
  ['PUT', '/shop/customers/me/notification-preferences', 'buyer'],
  ['POST', '/shop/customers/me/push-subscriptions', 'buyer'],
  ['POST', '/reviews', 'buyer'],
  ['POST', '/contact'],
  ['POST', '/sellers/register'],
  ['POST', '/sellers/verify-email'],
  ['POST', '/sellers/resend-verification'],
  ['PUT', '/sellers/me', 'seller'],
  ['POST', '/product-submissions', 'seller'],
  ['POST', '/admin/submissions/1/reject', 'admin'],
  ['PATCH', '/admin/orders/1/status', 'admin'],
  ['POST', '/admin/sellers/1/verification', 'admin'],
];

/** Missing fields, a body of the wrong shape, and every usual field with the wrong type. */
const BAD_BODIES: unknown[] = [
  {},
  [],
  'text',
  null,
  42,
  {
    email: 5, password: 5, firstName: 5, lastName: 5, phoneNumber: 5, phone: 5, address: 5, refreshToken: 5, contact: 5, otp: 5,
    token: 5, newPassword: 5, currentPassword: 5, street: 5, city: 5, region: 5, country: 5, isDefault: 'yes', productId: 'x',
    quantity: 'many', items: 'x', warehouseId: 'x', paymentMethod: 5, rating: 'x', comment: 5, name: 5, subject: 5, message: 5,
    businessName: 5, businessType: 5, businessRegion: 5, price: 'x', category: 5, status: 5, reason: 5, endpoint: 5, keys: 5, preferences: 5,
  },
];

async function answer(method: string, path: string, role: string | undefined, json: unknown) {
  const response = await server.call(path, { method, token: role ? tokens[role] : undefined, json });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as { message?: string; fieldErrors?: Record<string, string> } };
}

describe('validation messages', () => {
  it('registration without an address names the address in a sentence', async () => {
    const { status, body } = await answer('POST', '/shop/customers/register', undefined, {
      firstName: 'Ama', lastName: 'Mensah', email: 'ama.noaddress@example.com', password: 'Akuafo#2026', phoneNumber: '0241234567',
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Address is required.');
    expect(body.fieldErrors).toEqual({ address: 'Address is required.' });
    const wrongType = await answer('POST', '/shop/customers/register', undefined, {
      firstName: 'Ama', lastName: 'Mensah', email: 'ama.noaddress@example.com', password: 'Akuafo#2026', phoneNumber: '0241234567', address: 'Kumasi',
    });
    expect(wrongType.body.fieldErrors?.address).toBe('Address must be a group of fields.');
  });

  it('a body that is not an object, or a field of the wrong type, gets a sentence', async () => {
    expect((await answer('POST', '/auth/login', undefined, 'text')).body.message).toBe('The request body must be a JSON object.');
    expect((await answer('POST', '/shop/customers/me/addresses', 'buyer', { street: '1 Road', city: 'Kumasi', region: 'Ashanti', country: 'Ghana', isDefault: 'yes' })).body.message)
      .toBe('isDefault must be true or false');
    expect((await answer('POST', '/logout', undefined, { refreshToken: 5 })).body.message).toBe('Refresh token must be text.');
  });

  it.each(ROUTES)('%s %s answers missing and wrong-typed fields with a 4xx and no validator text', async (method, path, role) => {
    for (const json of BAD_BODIES) {
      const { status, body } = await answer(method, path, role, json);
      const where = `${method} ${path} ${JSON.stringify(json).slice(0, 40)}`;
      // Some routes take an empty object ({} signs out, or changes nothing); valibot reads [] as one.
      if (typeof json !== 'object' || json === null) expect(status, where).toBe(400);
      expect(status, where).toBeLessThan(500);
      for (const text of [body.message ?? '', ...Object.values(body.fieldErrors ?? {})]) expect(text, where).not.toMatch(RAW);
    }
  });
});
