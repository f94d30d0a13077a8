import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { adminToken, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { warehouseNamed } from '../support/transport';

/**
 * Issue 41 item 2: a lot that failed the warehouse check goes back to its seller, who shows the
 * code texted with the refusal; staff of the warehouse that checked it hand it over, once. On
 * SQLite and PostgreSQL. Attacks: another warehouse's staff, a wrong code, guessing, 60 at once.
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

describe('a failed lot handed back to its seller', () => {
  it('texts the seller a code with the refusal, and the checking warehouse hands the goods over with it, once', async () => {
    const lot = await failedLot();
    expect(await post(`${lot.path}/returned`, { code: '123456' })).toMatchObject({ status: 409, body: { message: 'These goods did not fail a check, so there is nothing to hand back to the seller.' } });
    const failed = await post(`${lot.path}/check`, { result: 'FAIL', notes: 'Rotten at the bottom of the sack' });
    expect(failed).toMatchObject({ status: 200, body: { data: { result: 'FAIL', refunded: true, returnedAt: null } } });
    // Nobody reads the code from the API: not the staff's answer, not the buyer's order.
    expect(JSON.stringify(failed.body)).not.toMatch(/returnCode|return_code/);
    const code = await codeTexted(lot.orderNumber);

    // Another warehouse's staff: refused before any code is compared.
    expect(await post(`${lot.path}/returned`, { code }, staff.kumasi)).toMatchObject({ status: 403 });
    expect(await post(`${lot.path}/returned`, { code: '12345' })).toMatchObject({ status: 400, body: { message: 'code must be the 6 digits texted to the seller' } });
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await post(`${lot.path}/returned`, { code: wrong })).toMatchObject({ status: 400, body: { message: 'That is not the code texted to the seller for these goods.' } });
    const handed = await post(`${lot.path}/returned`, { code });
    expect(handed).toMatchObject({ status: 200, body: { data: { result: 'FAIL', returnedAt: expect.any(String) } } });
    expect(await post(`${lot.path}/returned`, { code })).toMatchObject({ status: 409, body: { message: 'These goods were already handed back to the seller.' } });
    const row = await db().selectFrom('line_checks').select(['returned_by']).where('order_item_id', '=', lot.itemId).executeTakeFirstOrThrow();
    expect(row.returned_by).not.toBeNull();
  });

  it('stops a guesser after five codes, and of 60 hand-overs at once one is made', async () => {
    const lot = await failedLot();
    await post(`${lot.path}/check`, { result: 'FAIL', notes: 'Weevils' });
    const code = await codeTexted(lot.orderNumber);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(`${lot.path}/returned`, { code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right code waits out the window now.
    expect((await post(`${lot.path}/returned`, { code })).status).toBe(429);

    const other = await failedLot();
    await post(`${other.path}/check`, { result: 'FAIL', notes: 'Wet' });
    const right = await codeTexted(other.orderNumber);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(`${other.path}/returned`, { code: right }, i % 2 ? staff.accra : admin)));
    const counts = answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
    expect(counts[200]).toBe(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 || a.status === 429)).toBe(true);
  });
});
