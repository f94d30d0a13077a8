import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInWithSmsCode, sendSmsSignInCode } from '../../src/local/account';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb, getMeta } from '../../src/local/db';
import { localOrderDetail, localOrdersPage, localTrackedOrder, refreshOrderDetail, refreshOrders } from '../../src/local/orders';
import { earningsKey, refreshSellerEarnings } from '../../src/local/sellers';
import { readSession, saveSession, type SessionUser } from '../../src/local/session';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { startTestServer, type TestServer } from '../support/server';
import { sessionToken } from '../support/session';
import { firstWarehouseId, makeProduct, putInCart } from '../support/shop';
import { freshCaller } from '../support/ussd';

/**
 * A phone-only account (made by a USSD order, no e-mail: the API says '') signs in on the web
 * with a texted code and keeps its orders on the phone, like any account. The phone used to
 * file them under the e-mail, so it kept none of them, and two such accounts shared the key ''.
 */
let server: TestServer;
let warehouseId: number;
let db: AkuafoDb;
beforeAll(async () => {
  server = await startTestServer();
  warehouseId = await firstWarehouseId(server);
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`phone-only-${Math.random()}`);
  await db.open();
});

const client = (token: string | undefined, online = true) =>
  createApiClient({
    origin: 'http://test.local',
    fetch: online ? server.fetch : () => Promise.reject(new TypeError('Failed to fetch')),
    auth: { accessToken: async () => token, refresh: async () => false },
  });

/** A number's phone-only account (the one its first USSD order makes) with one paid order. */
async function phoneBuyerWithOrder() {
  const phone = freshCaller();
  // The number as the USSD engine keeps it (national), as its first order would.
  const userId = await buyerAccount(server.deps.db, `0${phone.slice(4)}`);
  await putInCart(server, userId, await makeProduct(server, 10, 1_500), 1);
  const { token } = await sessionToken(server, userId);
  const res = await server.call('/shop/checkout', { method: 'POST', token, json: { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: `0${phone.slice(4)}` } });
  expect(res.status).toBe(201);
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token });
  return { phone, national: `0${phone.slice(4)}`, userId, orderId: started.orderId };
}

/** Signs in on this phone as the web does: a code texted to the number, typed back. */
async function signInBySms(national: string, international: string) {
  await sendSmsSignInCode(client(undefined), national);
  const sms = await server.deps.db.selectFrom('messages').select('body').where('recipient', '=', international).where('topic', '=', 'account').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const code = /code: (\d{6})/.exec(sms.body)![1];
  return signInWithSmsCode(client(undefined), national, code, db);
}

describe('a phone-only buyer signed in by SMS code', () => {
  it('keeps their orders on the phone and reads them with no network', async () => {
    const buyer = await phoneBuyerWithOrder();
    const session = await signInBySms(buyer.national, buyer.phone);
    expect(session.user).toMatchObject({ id: buyer.userId, email: '' });

    const listed = await refreshOrders(client(session.accessToken), 1, 10, db);
    expect(listed.data.map((o) => o.id)).toEqual([buyer.orderId]);
    const detail = await refreshOrderDetail(client(session.accessToken), buyer.orderId, db);

    // Offline: the history, the order and its tracking all open from the phone's copy.
    const kept = await localOrdersPage(1, 10, db);
    expect(kept.data.map((o) => o.orderNumber)).toEqual([detail.orderNumber]);
    expect(kept.data[0].owner).toBe(buyer.userId);
    expect((await localOrderDetail(buyer.orderId, db))?.orderNumber).toBe(detail.orderNumber);
    expect((await localTrackedOrder(detail.orderNumber, db))?.id).toBe(buyer.orderId);
  });

  it('on a shared phone, the next phone-only account does not see the first one\'s orders', async () => {
    const first = await phoneBuyerWithOrder();
    const second = await phoneBuyerWithOrder();
    const a = await signInBySms(first.national, first.phone);
    await refreshOrderDetail(client(a.accessToken), first.orderId, db);
    // The first session ends without a sign-out (it expired: only the session is forgotten).
    await db.session.clear();

    const b = await signInBySms(second.national, second.phone);
    expect(b.user.email).toBe(a.user.email);
    expect((await localOrdersPage(1, 10, db)).data).toEqual([]);
    expect(await localOrderDetail(first.orderId, db)).toBeUndefined();
    await refreshOrders(client(b.accessToken), 1, 10, db);
    expect((await localOrdersPage(1, 10, db)).data.map((o) => o.id)).toEqual([second.orderId]);
  });
});

describe('a phone-only seller\'s kept figures', () => {
  const seller = (id: number): SessionUser => ({ id, firstName: 'Phone', lastName: 'seller', email: '', userType: 'SELLER', profileImage: null, passwordChangedAt: null });
  const answering = (available: number) =>
    createApiClient({
      origin: 'http://test.local',
      fetch: (async () => new Response(JSON.stringify({ data: { available } }), { headers: { 'Content-Type': 'application/json' } })) as typeof fetch,
      auth: { accessToken: async () => (await readSession(db))?.accessToken, refresh: async () => false },
    });

  it('are filed under each account, not under the e-mail both have (\'\')', async () => {
    await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: seller(501) }, db);
    await refreshSellerEarnings(answering(10), 501, db);
    await db.session.clear();
    await saveSession({ accessToken: 'a2', refreshToken: 'r2', user: seller(502) }, db);
    await refreshSellerEarnings(answering(20), 502, db);
    expect(await getMeta(earningsKey(501), db)).toMatchObject({ value: { available: 10 } });
    expect(await getMeta(earningsKey(502), db)).toMatchObject({ value: { available: 20 } });
    // Offline, the second seller reads their own copy.
    const offline = await refreshSellerEarnings(client('a2', false), 502, db);
    expect(offline).toMatchObject({ fromCache: true, value: { available: 20 } });
  });
});
