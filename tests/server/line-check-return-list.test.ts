import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { adminToken, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { warehouseNamed } from '../support/transport';

/**
 * Issue 41 item 2, the hand-back button's list (GET /warehouse/returns), on SQLite and
 * PostgreSQL: the failed lots waiting at the checking warehouse for their seller, never their
 * code; another warehouse's staff do not see them; handed back, a lot leaves the list.
 */
let server: TestServer;
let accra: { id: number };
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let staff: { accra: string; kumasi: string };
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  accra = await warehouseNamed(server, 'Accra Hub');
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  staff = { accra: await tokenFor(server, 'staff.accra@akuafo.demo'), kumasi: await tokenFor(server, 'staff.kumasi@akuafo.demo') };
  admin = await adminToken(server);
});
afterAll(() => server.close());

const db = () => server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const post = async (path: string, body: unknown, token = staff.accra) => json(await server.call(path, { method: 'POST', token, json: body }));

/** Kofi's yam, dropped off at Accra (the buyer's warehouse), paid, then failed at the check. */
async function failedLot() {
  await dropOffAt(server, accra.id, [kofi.id]);
  const buyer = await makeUser(server);
  const yam = await makeProduct(server, 10, 3_000, kofi.id);
  await putInCart(server, buyer.id, yam, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const line = await db().selectFrom('order_items').select('id').where('order_id', '=', started.orderId).executeTakeFirstOrThrow();
  const { order_number } = await db().selectFrom('orders').select('order_number').where('id', '=', started.orderId).executeTakeFirstOrThrow();
  return { orderId: started.orderId, itemId: line.id, orderNumber: order_number, path: `/warehouse/orders/${started.orderId}/items/${line.id}` };
}

/** The code as the seller's SMS says it. */
async function codeTexted(orderNumber: string) {
  const sms = await db().selectFrom('messages').select('body').where('channel', '=', 'sms').where('body', 'like', `%order ${orderNumber} failed our check%`).executeTakeFirstOrThrow();
  const code = /with code (\d{6})/.exec(sms.body)?.[1];
  expect(code, sms.body).toBeDefined();
  return code!;
}

describe('the failed lots waiting for their seller', () => {
  it('lists a failed lot at the warehouse that checked it (never its code) until it is handed back', async () => {
    const lot = await failedLot();
    const listed = async (token: string) => (await json(await server.call('/warehouse/returns', { token }))).body.data as any[];
    expect((await listed(staff.accra)).some((l) => l.itemId === lot.itemId)).toBe(false);
    await post(`${lot.path}/check`, { result: 'FAIL', notes: 'Rotten at the bottom of the sack' });
    const code = await codeTexted(lot.orderNumber);
    const mine = (await listed(staff.accra)).filter((l) => l.itemId === lot.itemId);
    expect(mine).toEqual([{ checkId: expect.any(Number), orderId: lot.orderId, orderNumber: lot.orderNumber, itemId: lot.itemId, productName: expect.any(String), quantity: 1, seller: expect.any(String), notes: 'Rotten at the bottom of the sack', at: expect.any(String) }]);
    expect(JSON.stringify(await listed(staff.accra))).not.toContain(code);
    // Another warehouse's counter does not see it; the operator sees every warehouse's; a buyer is refused.
    expect((await listed(staff.kumasi)).some((l) => l.itemId === lot.itemId)).toBe(false);
    expect((await listed(admin)).some((l) => l.itemId === lot.itemId)).toBe(true);
    const buyer = await makeUser(server);
    expect((await server.call('/warehouse/returns', { token: buyer.token })).status).toBe(403);
    // Handed back: off the list.
    expect((await post(`${lot.path}/returned`, { code })).status).toBe(200);
    expect((await listed(staff.accra)).some((l) => l.itemId === lot.itemId)).toBe(false);
  });
});
