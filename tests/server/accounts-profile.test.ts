import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { sessionToken } from '../support/session';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function tokenFor(email: string) {
  const user = await server.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { user, token: (await sessionToken(server, user.id)).token };
}
async function call(method: string, path: string, token?: string, json?: unknown) {
  const response = await server.call(path, { method, token, json });
  return { status: response.status, body: (await response.json()) as any };
}
const address = (city: string, extra: Record<string, unknown> = {}) => ({ street: `1 ${city} Road`, city, region: 'Ashanti', country: 'Ghana', ...extra });

describe('GET/PATCH /shop/customers/me', () => {
  it('gives the profile with the 3 newest orders formatted for the account page', async () => {
    const { user, token } = await tokenFor('reviewer1@akuafo.demo');
    const warehouse = await server.deps.db.selectFrom('warehouses').select('id').executeTakeFirstOrThrow();
    for (let i = 1; i <= 4; i++) {
      await server.deps.db
        .insertInto('orders')
        .values({
          order_number: `AKM-TEST-${i}`, user_id: user.id, status: i === 4 ? 'DELIVERED' : 'PROCESSING', payment_status: 'PAID',
          pickup_warehouse_id: warehouse.id, subtotal_minor: 125_050 * i, discount_minor: 0, tax_minor: 0, shipping_minor: 0,
          total_minor: 125_050 * i, currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY',
          mobile_money_network: null, mobile_money_number: null, reservation_expires_at: null, estimated_delivery: null,
          delivered_at: null, created_at: `2026-01-0${i}T10:00:00.000Z`, updated_at: `2026-01-0${i}T10:00:00.000Z`,
        })
        .execute();
    }
    const { status, body } = await call('GET', '/shop/customers/me', token);
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ id: user.id, email: 'reviewer1@akuafo.demo', userType: 'CUSTOMER', isEmailVerified: true });
    expect(body.data).toHaveProperty('phoneNumber');
    expect(body.data.recentOrders).toHaveLength(3);
    expect(body.data.recentOrders[0]).toEqual({ id: expect.any(Number), orderNumber: 'AKM-TEST-4', orderDate: '2026-01-04T10:00:00.000Z', totalAmount: 5002, currency: 'GHS', status: 'DELIVERED' });
    expect(body.data.recentOrders.map((o: any) => o.orderNumber)).toEqual(['AKM-TEST-4', 'AKM-TEST-3', 'AKM-TEST-2']);
  });

  it('updates names and phone, and refuses bad values with the spec messages', async () => {
    const { token } = await tokenFor('reviewer2@akuafo.demo');
    const ok = await call('PATCH', '/shop/customers/me', token, { firstName: ' Kwame ' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.firstName).toBe('Kwame');
    // A new phone needs the password and then the texted code (accounts-contact-change.test.ts).
    const phone = await call('PATCH', '/shop/customers/me', token, { phone: '+233 20 123 4567', currentPassword: 'Akuafo#2026' });
    expect(phone.status).toBe(200);
    expect(phone.body.data.pendingPhone).toBe('233201234567');
    expect((await call('PATCH', '/shop/customers/me', token, {})).body.message).toBe('No changes to save');
    expect((await call('PATCH', '/shop/customers/me', token, { lastName: 'z'.repeat(51) })).body.fieldErrors.lastName).toBe('Last name cannot exceed 50 characters');
    expect((await call('PATCH', '/shop/customers/me', token, { firstName: '' })).body.fieldErrors.firstName).toBe('First name is required');
    expect((await call('PUT', '/shop/customers/me', token, { phone: '12' })).status).toBe(400);
    expect((await call('PATCH', '/shop/customers/me', token, { email: 'reviewer3@AKUAFO.demo', currentPassword: 'Akuafo#2026' })).status).toBe(409);
  });

  it('is for signed-in customers only', async () => {
    expect((await call('GET', '/shop/customers/me')).status).toBe(401);
    const seller = await tokenFor('seller@akuafo.demo');
    expect((await call('GET', '/shop/customers/me', seller.token)).status).toBe(403);
  });
});

describe('/shop/customers/me/addresses', () => {
  it('keeps exactly one default through create, switch and delete', async () => {
    const { token } = await tokenFor('reviewer5@akuafo.demo');
    const initial = (await call('GET', '/shop/customers/me/addresses', token)).body.data as any[];
    for (const a of initial) await call('DELETE', `/shop/customers/me/addresses/${a.id}`, token);

    const first = await call('POST', '/shop/customers/me/addresses', token, address('Kumasi'));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ city: 'Kumasi', isDefault: true, postalCode: null });
    const second = (await call('POST', '/shop/customers/me/addresses', token, address('Tamale', { postalCode: 'NT-1' }))).body.data;
    expect(second.isDefault).toBe(false);
    const third = (await call('POST', '/shop/customers/me/addresses', token, address('Ho', { isDefault: true }))).body.data;
    expect(third.isDefault).toBe(true);
    const defaults = async () => ((await call('GET', '/shop/customers/me/addresses', token)).body.data as any[]).filter((a) => a.isDefault).map((a) => a.city);
    expect(await defaults()).toEqual(['Ho']);

    const switched = await call('PATCH', `/shop/customers/me/addresses/${second.id}`, token, { isDefault: true, street: '9 New Street' });
    expect(switched.body.data).toMatchObject({ isDefault: true, street: '9 New Street' });
    expect(await defaults()).toEqual(['Tamale']);
    expect((await call('PATCH', `/shop/customers/me/addresses/${second.id}`, token, { isDefault: false })).status).toBe(400);

    await call('DELETE', `/shop/customers/me/addresses/${second.id}`, token);
    expect(await defaults()).toHaveLength(1);
    const list = (await call('GET', '/shop/customers/me/addresses', token)).body.data;
    expect(list).toHaveLength(2);
    expect(list[0].isDefault).toBe(true);
  });

  it('validates with the sign-up messages', async () => {
    const { token } = await tokenFor('reviewer5@akuafo.demo');
    const bad = await call('POST', '/shop/customers/me/addresses', token, { street: '', city: '', region: '', country: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({ street: 'Street address is required', city: 'City is required', region: 'Region is required', country: 'Country is required' });
  });

  it('other users\' addresses are 404', async () => {
    const owner = await tokenFor('reviewer5@akuafo.demo');
    const mine = (await call('POST', '/shop/customers/me/addresses', owner.token, address('Cape Coast'))).body.data;
    const other = await tokenFor('buyer@akuafo.demo');
    expect((await call('PATCH', `/shop/customers/me/addresses/${mine.id}`, other.token, { city: 'Nope' })).status).toBe(404);
    expect((await call('DELETE', `/shop/customers/me/addresses/${mine.id}`, other.token)).status).toBe(404);
    expect((await call('DELETE', '/shop/customers/me/addresses/abc', other.token)).status).toBe(400);
  });
});
