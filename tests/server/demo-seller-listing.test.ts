import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../src/shared/schemas/cart';
import { DEMO_SELLER_GHANA_CARD } from '../../src/server/platform/db/seed';
import { isGhanaCard } from '../../src/shared/ghana-card';
import { adminToken, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 37's leftovers: a seller on their own listing, and the demo seller the operator can verify. */
let server: TestServer;
let sellerId: number;
let ownProductId: number;
let otherProductId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.db;
  sellerId = (await db.selectFrom('users').select('id').where('email', '=', 'seller@akuafo.demo').executeTakeFirstOrThrow()).id;
  ownProductId = (await db.selectFrom('products').select('id').where('seller_id', '=', sellerId).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  otherProductId = (await db.selectFrom('products').select('id').where('seller_id', '!=', sellerId).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const detail = async (id: number, token?: string) => {
  const res = await server.call(`/products/${id}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
};

describe('a product answer says "yours" only to its seller', () => {
  it('the seller reads yours: true on their listing; nobody else is told (visitor, buyer, the seller on another listing)', async () => {
    const [seller, buyer] = await Promise.all([tokenFor(server, 'seller@akuafo.demo'), tokenFor(server, 'buyer@akuafo.demo')]);
    expect((await detail(ownProductId, seller)).yours).toBe(true);
    expect(await detail(ownProductId)).not.toHaveProperty('yours');
    expect(await detail(ownProductId, buyer)).not.toHaveProperty('yours');
    expect(await detail(otherProductId, seller)).not.toHaveProperty('yours');
    // Asked in the other order, the kept answers stay apart: the seller's is not the visitor's.
    expect((await detail(ownProductId, seller)).yours).toBe(true);
    expect(await detail(ownProductId)).not.toHaveProperty('yours');
  });

  it('and the server refuses the seller putting their own listing in the cart (409), as the page no longer offers', async () => {
    const seller = await tokenFor(server, 'seller@akuafo.demo');
    const res = await server.call('/shop/cart', { method: 'POST', token: seller, json: { productId: ownProductId, quantity: 1 } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(CART_MESSAGES.ownListing);
  });
});

describe('the demo seller', () => {
  it('has a Ghana Card on record, so the operator can verify them on the demo', async () => {
    expect(isGhanaCard(DEMO_SELLER_GHANA_CARD)).toBe(true);
    const admin = await adminToken(server);
    const pending = ((await (await server.call('/admin/sellers?verificationStatus=PENDING', { token: admin })).json()) as { data: { email: string; ghanaCardNumber: string | null }[] }).data;
    expect(pending.find((s) => s.email === 'seller@akuafo.demo')?.ghanaCardNumber).toBe(DEMO_SELLER_GHANA_CARD);
    const verified = await server.call(`/admin/sellers/${sellerId}/verification`, { method: 'POST', token: admin, json: { status: 'VERIFIED' } });
    expect(verified.status).toBe(200);
    const status = await server.deps.db.selectFrom('seller_profiles').select('verification_status').where('user_id', '=', sellerId).executeTakeFirstOrThrow();
    expect(status.verification_status).toBe('VERIFIED');
  });
});
