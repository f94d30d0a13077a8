import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_MESSAGES } from '../../src/shared/schemas/sellers';
import { now } from '../../src/server/platform/db';
import { adminToken, tokenFor } from '../support/sellers';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Yaa',
  lastName: 'Owusu',
  email: 'yaa.owusu@example.com',
  password: 'Harvest#2026',
  ghanaCardNumber: 'GHA-123456789-0',
  businessName: 'Owusu Cassava Processing',
  businessDescription: 'Gari and cassava dough from Kintampo.',
  businessType: 'PROCESSING',
  phoneNumber: '201234567',
  businessAddress: 'Market Road, Kintampo',
  businessRegion: 'Bono East',
  ...overrides,
});

const register = (body: unknown) => server.call('/sellers/register', { method: 'POST', json: body });
const linkTokenIn = (body: string) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
const mailsTo = (email: string) => readMailSpool(server).filter((m) => m.to.includes(email));

describe('POST /sellers/register', () => {
  it('answers each invalid field with the message of the spec', async () => {
    const res = await register({
      firstName: '',
      lastName: ' ',
      email: 'not-an-email',
      password: 'password1',
      ghanaCardNumber: 'GHA-12345',
      businessType: '',
      businessName: 'x'.repeat(101),
      businessDescription: 'y'.repeat(501),
      businessRegion: '',
      phoneNumber: '12345',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      password: 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ghanaCardNumber: 'Invalid Ghana Card',
      businessType: 'Business type is required',
      businessName: 'Business Name too long',
      businessDescription: 'Description too long',
      businessRegion: 'Region is required',
      phoneNumber: 'Invalid phone number format',
    });
    const empty = await register({});
    expect(((await empty.json()) as any).fieldErrors).toMatchObject({
      firstName: 'First name is required',
      email: 'Email is required',
      password: 'Password is required',
      businessType: 'Business type is required',
      businessRegion: 'Region is required',
    });
    const long = await register(registration({ ghanaCardNumber: 'GHA-1234567890123456789', password: 'Ab#1' }));
    expect(((await long.json()) as any).fieldErrors).toMatchObject({
      ghanaCardNumber: 'Ghana Card Number too long',
      password: 'Password must be at least 8 characters',
    });
  });

  it('creates a SELLER with a profile, hashes the password with argon2id and mails a link', async () => {
    const res = await register(registration());
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { message: SELLER_MESSAGES.registered, email: 'yaa.owusu@example.com' } });
    const user = await server.deps.db.selectFrom('users').selectAll().where('email', '=', 'yaa.owusu@example.com').executeTakeFirstOrThrow();
    expect(user.user_type).toBe('SELLER');
    expect(user.is_email_verified).toBe(0);
    expect(user.phone).toBe('+233201234567');
    expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
    const profile = await server.deps.db.selectFrom('seller_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ business_type: 'PROCESSING', business_region: 'Bono East', ghana_card_number: 'GHA-123456789-0', verification_status: 'PENDING' });
    const [mail] = mailsTo('yaa.owusu@example.com');
    expect(mail.body).toContain('http://test.local/sellers/verify-email?token=');
    const code = await server.deps.db.selectFrom('one_time_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(code.purpose).toBe('SELLER_EMAIL_LINK');
    // Only the hash is stored.
    expect(code.code_hash).not.toBe(linkTokenIn(mail.body));
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const res = await register(registration({ email: 'YAA.Owusu@Example.com' }));
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).message).toBe('An account with this email already exists');
    const seeded = await register(registration({ email: 'Buyer@Akuafo.demo' }));
    expect(seeded.status).toBe(409);
  });

  it('five sign-ups with one new e-mail at the same moment make one account; the others are told it exists (never a 500)', async () => {
    const email = 'race.kwabena@example.com';
    // The per-address allowance is five an hour, so five reach the database together.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => server.call('/sellers/register', { method: 'POST', json: registration({ email }), headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) expect(((await res.json()) as any).message).toBe('An account with this email already exists');
    expect(await server.deps.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });
});

describe('seller e-mail verification', () => {
  it('verifies once; the same link fails the second time', async () => {
    const [mail] = mailsTo('yaa.owusu@example.com');
    const token = linkTokenIn(mail.body)!;
    const first = await server.call('/sellers/verify-email', { method: 'POST', json: { token } });
    expect(first.status).toBe(200);
    const user = await server.deps.db.selectFrom('users').select('is_email_verified').where('email', '=', 'yaa.owusu@example.com').executeTakeFirstOrThrow();
    expect(user.is_email_verified).toBe(1);
    const again = await server.call('/sellers/verify-email', { method: 'POST', json: { token } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as any).message).toBe('The verification link may be expired or invalid.');
    const bogus = await server.call('/sellers/verify-email', { method: 'POST', json: { token: 'nope' } });
    expect(bogus.status).toBe(400);
  });

  it('refuses an expired link', async () => {
    await register(registration({ email: 'late.kwesi@example.com' }));
    const token = linkTokenIn(mailsTo('late.kwesi@example.com')[0].body)!;
    const user = await server.deps.db.selectFrom('users').select('id').where('email', '=', 'late.kwesi@example.com').executeTakeFirstOrThrow();
    await server.deps.db.updateTable('one_time_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const res = await server.call('/sellers/verify-email', { method: 'POST', json: { token } });
    expect(res.status).toBe(400);
  });

  it('resends a real new link after the 30 s cool-down, and says the same for unknown addresses', async () => {
    await register(registration({ email: 'esi.resend@example.com' }));
    const oldToken = linkTokenIn(mailsTo('esi.resend@example.com')[0].body)!;
    const tooSoon = await server.call('/sellers/resend-verification', { method: 'POST', json: { email: 'esi.resend@example.com' } });
    expect(tooSoon.status).toBe(429);

    await server.deps.rateLimiter.reset('seller-resend:esi.resend@example.com');
    const res = await server.call('/sellers/resend-verification', { method: 'POST', json: { email: 'ESI.resend@example.com' } });
    expect(res.status).toBe(200);
    const unknown = await server.call('/sellers/resend-verification', { method: 'POST', json: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as any).data.message).toBe(((await res.json()) as any).data.message);

    const mails = mailsTo('esi.resend@example.com');
    expect(mails).toHaveLength(2);
    const newToken = linkTokenIn(mails[1].body)!;
    expect((await server.call('/sellers/verify-email', { method: 'POST', json: { token: oldToken } })).status).toBe(400);
    expect((await server.call('/sellers/verify-email', { method: 'POST', json: { token: newToken } })).status).toBe(200);
    expect(mailsTo('nobody@example.com')).toHaveLength(0);
  });
});

describe('GET/PUT /sellers/me', () => {
  it('is for sellers only', async () => {
    expect((await server.call('/sellers/me')).status).toBe(401);
    const buyer = await tokenFor(server, 'buyer@akuafo.demo');
    for (const path of ['/sellers/me', '/sellers/me/stats', '/sellers/me/orders']) {
      expect((await server.call(path, { token: buyer })).status).toBe(403);
    }
    expect((await server.call('/sellers/me', { method: 'PUT', token: buyer, json: { businessName: 'x' } })).status).toBe(403);
  });

  it('shows the profile of the spec and saves the editable fields', async () => {
    const token = await tokenFor(server, 'yaa.owusu@example.com');
    const res = await server.call('/sellers/me', { token });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as any;
    expect(data).toMatchObject({
      businessName: 'Owusu Cassava Processing',
      businessType: 'PROCESSING',
      phoneNumber: '+233201234567',
      businessRegion: 'Bono East',
      ghanaCardNumber: 'GHA-123456789-0',
      totalProducts: 0,
      totalSales: 0,
      totalRevenue: 0,
      currency: 'GHS',
      commissionRate: 5,
      verificationStatus: 'PENDING',
      user: { email: 'yaa.owusu@example.com', isEmailVerified: true },
    });
    // 7 of 9: bank account still missing (one item), phone verification not counted.
    expect(data.missingFields).toEqual(['Bank account']);
    expect(data.profileCompleteness).toBe(89);

    // A new phone number is a contact change (issue 21.6): the bearer token alone is not enough.
    const edit = { businessName: 'Owusu Gari Works', businessDescription: '', phoneNumber: '0551234567', businessAddress: 'Station Road' };
    const noPassword = await server.call('/sellers/me', { method: 'PUT', token, json: edit });
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as any).fieldErrors).toEqual({ currentPassword: 'Enter your current password to change your e-mail or phone number.' });
    const put = await server.call('/sellers/me', { method: 'PUT', token, json: { ...edit, currentPassword: 'Harvest#2026' } });
    expect(put.status).toBe(200);
    const saved = ((await put.json()) as any).data;
    // The number waits for the code texted to it; the old one stays until then.
    expect(saved).toMatchObject({ businessName: 'Owusu Gari Works', businessDescription: null, phoneNumber: '+233201234567', pendingPhoneNumber: '+233551234567', businessAddress: 'Station Road' });
    const text = await server.deps.db.selectFrom('messages').select('body').where('channel', '=', 'sms').where('recipient', '=', '+233551234567').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = /code: (\d{6})/.exec(text.body)![1];
    expect((await server.call('/auth/contact-change/verify', { method: 'POST', token, json: { channel: 'phone', code } })).status).toBe(200);
    const verified = ((await (await server.call('/sellers/me', { token })).json()) as any).data;
    expect(verified).toMatchObject({ phoneNumber: '+233551234567', isPhoneVerified: true, pendingPhoneNumber: null });

    const bad = await server.call('/sellers/me', { method: 'PUT', token, json: { phoneNumber: '123', businessName: '', bankAccountNumber: '12ab' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).fieldErrors).toEqual({
      phoneNumber: 'Invalid phone number format',
      businessName: 'Business name is required',
      bankAccountNumber: 'Invalid account number',
    });

    // With a payout account every item is there: 100 %.
    const payout = await server.call('/sellers/me', { method: 'PUT', token, json: { bankAccountName: 'Owusu Gari Works', bankAccountNumber: '0551 234 567', businessDescription: 'Gari from Kintampo.' } });
    const complete = ((await payout.json()) as any).data;
    expect(complete).toMatchObject({ bankAccountNumber: '0551234567', profileCompleteness: 100, missingFields: [] });
  });

  it('lets the Ghana Card be added, but not changed once verified', async () => {
    const admin = await adminToken(server);
    const kofi = await tokenFor(server, 'kofi.farms@akuafo.demo');
    const pending = await tokenFor(server, 'seller@akuafo.demo');
    const added = await server.call('/sellers/me', { method: 'PUT', token: pending, json: { ghanaCardNumber: 'gha-987654321-5' } });
    expect(((await added.json()) as any).data.ghanaCardNumber).toBe('GHA-987654321-5');
    const locked = await server.call('/sellers/me', { method: 'PUT', token: kofi, json: { ghanaCardNumber: 'GHA-111111111-1' } });
    expect(locked.status).toBe(200); // Kofi had no card yet: adding one is fine...
    const changed = await server.call('/sellers/me', { method: 'PUT', token: kofi, json: { ghanaCardNumber: 'GHA-222222222-2' } });
    expect(changed.status).toBe(409); // ...changing a verified seller's card is not.
    expect(admin).toBeTruthy();
  });
});

describe('operator verification of sellers', () => {
  it('only an ADMIN sets VERIFIED or REJECTED', async () => {
    const user = await server.deps.db.selectFrom('users').select('id').where('email', '=', 'yaa.owusu@example.com').executeTakeFirstOrThrow();
    const seller = await tokenFor(server, 'yaa.owusu@example.com');
    const path = `/admin/sellers/${user.id}/verification`;
    expect((await server.call(path, { method: 'POST', token: seller, json: { status: 'VERIFIED' } })).status).toBe(403);
    const admin = await adminToken(server);
    expect((await server.call(path, { method: 'POST', token: admin, json: { status: 'MAYBE' } })).status).toBe(400);
    expect((await server.call('/admin/sellers/999999/verification', { method: 'POST', token: admin, json: { status: 'VERIFIED' } })).status).toBe(404);
    expect((await server.call(path, { method: 'POST', token: admin, json: { status: 'VERIFIED' } })).status).toBe(200);
    const profile = ((await (await server.call('/sellers/me', { token: seller })).json()) as any).data;
    expect(profile.verificationStatus).toBe('VERIFIED');
    const list = ((await (await server.call('/admin/sellers?verificationStatus=VERIFIED', { token: admin })).json()) as any).data;
    expect(list.map((s: any) => s.email)).toContain('yaa.owusu@example.com');
  });

  it('refuses to verify a seller who has given no Ghana Card number (409 with a sentence), and leaves the seller pending', async () => {
    const email = 'no.card@example.com';
    expect((await register(registration({ email, ghanaCardNumber: undefined }))).status).toBe(201);
    const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const status = async () => (await server.deps.db.selectFrom('seller_profiles').select('verification_status').where('user_id', '=', id).executeTakeFirstOrThrow()).verification_status;
    const admin = await adminToken(server);
    const path = `/admin/sellers/${id}/verification`;
    const refused = await server.call(path, { method: 'POST', token: admin, json: { status: 'VERIFIED' } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(SELLER_MESSAGES.cardMissing);
    expect(await status()).toBe('PENDING');
    // An empty card is no card either.
    await server.deps.db.updateTable('seller_profiles').set({ ghana_card_number: '' }).where('user_id', '=', id).execute();
    expect((await server.call(path, { method: 'POST', token: admin, json: { status: 'VERIFIED' } })).status).toBe(409);
    // Rejecting needs no card; once the card is there, verifying goes through.
    expect((await server.call(path, { method: 'POST', token: admin, json: { status: 'REJECTED' } })).status).toBe(200);
    await server.deps.db.updateTable('seller_profiles').set({ ghana_card_number: 'GHA-123456789-0' }).where('user_id', '=', id).execute();
    expect((await server.call(path, { method: 'POST', token: admin, json: { status: 'VERIFIED' } })).status).toBe(200);
    expect(await status()).toBe('VERIFIED');
  });
});

describe('GET /sellers/me/stats and /sellers/me/orders', () => {
  it('adds up real sales, revenue and ratings', async () => {
    const db = server.deps.db;
    const kofi = await db.selectFrom('users').select('id').where('email', '=', 'kofi.farms@akuafo.demo').executeTakeFirstOrThrow();
    const buyer = await db.selectFrom('users').select('id').where('email', '=', 'buyer@akuafo.demo').executeTakeFirstOrThrow();
    const products = await db.selectFrom('products').selectAll().where('seller_id', '=', kofi.id).orderBy('id').execute();
    const other = await db.selectFrom('products').selectAll().where('seller_id', '!=', kofi.id).executeTakeFirstOrThrow();
    const warehouse = await db.selectFrom('warehouses').select('id').executeTakeFirstOrThrow();

    const order = async (number: string, paymentStatus: string, lines: { product: typeof other; quantity: number }[]) => {
      const total = lines.reduce((s, l) => s + l.product.price_minor * l.quantity, 0);
      const { id } = await db
        .insertInto('orders')
        .values({
          order_number: number, user_id: buyer.id, status: 'PROCESSING', payment_status: paymentStatus, pickup_warehouse_id: warehouse.id,
          subtotal_minor: total, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: total, currency: 'GHS', notes: null,
          agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
          reservation_expires_at: null, estimated_delivery: null, delivered_at: null, created_at: now(), updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const l of lines) {
        await db.insertInto('order_items').values({ order_id: id, product_id: l.product.id, product_name: l.product.name, unit_price_minor: l.product.price_minor, quantity: l.quantity, total_minor: l.product.price_minor * l.quantity }).execute();
      }
    };
    await order('ORD-TEST-0001', 'PAID', [{ product: products[0], quantity: 2 }, { product: other, quantity: 1 }]);
    await order('ORD-TEST-0002', 'PENDING', [{ product: products[1], quantity: 1 }]);

    const token = await tokenFor(server, 'kofi.farms@akuafo.demo');
    const res = await server.call('/sellers/me/stats', { token });
    expect(res.status).toBe(200);
    const stats = ((await res.json()) as any).data;
    const ratings = await db
      .selectFrom('reviews')
      .innerJoin('products', 'products.id', 'reviews.product_id')
      .select('reviews.rating')
      .where('products.seller_id', '=', kofi.id)
      .execute();
    const average = Math.round((ratings.reduce((s, r) => s + r.rating, 0) / ratings.length) * 10) / 10;
    expect(stats).toMatchObject({
      totalProducts: products.length,
      activeProducts: products.length,
      totalSales: 1,
      totalRevenue: (products[0].price_minor * 2) / 100,
      currency: 'GHS',
      averageRating: average,
      totalReviews: ratings.length,
      verificationStatus: 'VERIFIED',
    });
    expect(ratings.length).toBeGreaterThan(0);
    expect(stats.recentOrders).toEqual([expect.objectContaining({ orderNumber: 'ORD-TEST-0001', total: (products[0].price_minor * 2) / 100 })]);
    expect(stats.lastSaleDate).toBeTruthy();
    expect(stats.recentProducts).toHaveLength(3);
    expect(stats.profileCompleteness).toBeGreaterThan(0);

    const orders = (await (await server.call('/sellers/me/orders', { token })).json()) as any;
    // Only paid orders: the unpaid one is not the seller's to fulfil yet.
    expect(orders.pagination.totalCount).toBe(1);
    const paid = orders.data.find((o: any) => o.orderNumber === 'ORD-TEST-0001');
    // Only Kofi's own line, not the other seller's; the buyer by first name only.
    expect(paid.items).toHaveLength(1);
    expect(paid.items[0].productId).toBe(products[0].id);
    expect(paid.buyerName).toBe('Abena');

    // A seller with nothing sold sees zeros and no rating.
    const fresh = ((await (await server.call('/sellers/me/stats', { token: await tokenFor(server, 'yaa.owusu@example.com') })).json()) as any).data;
    expect(fresh).toMatchObject({ totalSales: 0, totalRevenue: 0, averageRating: null, totalReviews: 0, recentOrders: [], lastSaleDate: null });
  });
});
