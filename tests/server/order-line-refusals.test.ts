import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLineAtWarehouse } from '../../src/server/modules/orders/fulfilment';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { adminToken, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { warehouseNamed } from '../support/transport';

/**
 * Issue 41 item 4, on SQLite and PostgreSQL: the buyer's order line answers its refusal: at the
 * warehouse check (the staff's notes, or the readings that failed it; the amount refunded), or
 * at the pickup counter (the buyer's reason; undecided, then refunded or released).
 */
let server: TestServer;
let accra: { id: number };
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
let staff: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  accra = await warehouseNamed(server, 'Accra Hub');
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  staff = await tokenFor(server, 'staff.accra@akuafo.demo');
  admin = await adminToken(server);
});
afterAll(() => server.close());

const db = () => server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const post = async (path: string, token: string, body: unknown) => json(await server.call(path, { method: 'POST', token, json: body }));

/** Kofi's maize (grains, 2 × GH₵ 20.00), Ama's yam (GH₵ 30.00) and Ama's plantain (GH₵ 15.00), all at Accra, the buyer's warehouse: paid. */
async function paidOrder() {
  await dropOffAt(server, accra.id, [kofi.id, ama.id]);
  const buyer = await makeUser(server);
  const maize = await makeProduct(server, 10, 2_000, kofi.id);
  await db().updateTable('products').set({ category: 'Grains' }).where('id', '=', maize).execute();
  const yam = await makeProduct(server, 10, 3_000, ama.id);
  const plantain = await makeProduct(server, 10, 1_500, ama.id);
  await putInCart(server, buyer.id, maize, 2);
  await putInCart(server, buyer.id, yam, 1);
  await putInCart(server, buyer.id, plantain, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const lines = await db().selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', started.orderId).orderBy('id').execute();
  const line = (product: number) => lines.find((l) => l.product_id === product)!.id;
  return { buyer, orderId: started.orderId, maize: line(maize), yam: line(yam), plantain: line(plantain) };
}

describe('the refused line in the buyer’s order', () => {
  it('answers a failed check with the notes or the readings and the amount refunded, and a pickup refusal as it is decided', async () => {
    const o = await paidOrder();
    const refusalOf = async (itemId: number) => {
      const detail = await json(await server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }));
      expect(detail.status).toBe(200);
      return detail.body.data.items.find((i: any) => i.id === itemId).refusal;
    };
    expect(await refusalOf(o.yam)).toBeNull();

    // Failed at the check: by the readings (no notes), and on sight with notes.
    expect((await post(`/warehouse/orders/${o.orderId}/items/${o.maize}/check`, staff, { result: 'PASS', moisturePct: 16.2, foreignMatterPct: 1 })).body.data.result).toBe('FAIL');
    expect(await refusalOf(o.maize)).toEqual({ at: 'CHECK', reason: null, readings: { moisturePct: 16.2, foreignMatterPct: 1 }, outcome: 'REFUND', refunded: 40, photoUrl: null });
    await post(`/warehouse/orders/${o.orderId}/items/${o.yam}/check`, staff, { result: 'FAIL', notes: 'Soft and rotten' });
    expect(await refusalOf(o.yam)).toEqual({ at: 'CHECK', reason: 'Soft and rotten', readings: null, outcome: 'REFUND', refunded: 30, photoUrl: null });

    // The plantain reaches the counter; the buyer refuses it there: held until the operator decides.
    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { sellerId: ama.id }, o.orderId, o.plantain));
    const refused = await post(`/warehouse/orders/${o.orderId}/items/${o.plantain}/refusal`, staff, { reason: 'Crushed in the crate' });
    expect(refused.status).toBe(200);
    expect(await refusalOf(o.plantain)).toEqual({ at: 'PICKUP', reason: 'Crushed in the crate', readings: null, outcome: null, refunded: null, photoUrl: null });
    expect((await post(`/admin/refusals/${refused.body.data.id}/decision`, admin, { outcome: 'REFUND', chargedTo: 'SELLER' })).status).toBe(200);
    expect(await refusalOf(o.plantain)).toEqual({ at: 'PICKUP', reason: 'Crushed in the crate', readings: null, outcome: 'REFUND', refunded: 15, photoUrl: null });

    // Another buyer cannot read it.
    const stranger = await makeUser(server);
    expect((await server.call(`/shop/customers/me/orders/${o.orderId}`, { token: stranger.token })).status).toBe(404);
  });

  it('answers a released pickup refusal with no refund', async () => {
    const o = await paidOrder();
    for (const itemId of [o.maize, o.yam, o.plantain]) await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { operator: true }, o.orderId, itemId));
    const refused = await post(`/warehouse/orders/${o.orderId}/items/${o.yam}/refusal`, staff, { reason: 'Too small' });
    expect((await post(`/admin/refusals/${refused.body.data.id}/decision`, admin, { outcome: 'RELEASE' })).status).toBe(200);
    const detail = await json(await server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }));
    expect(detail.body.data.items.find((i: any) => i.id === o.yam).refusal).toEqual({ at: 'PICKUP', reason: 'Too small', readings: null, outcome: 'RELEASE', refunded: null, photoUrl: null });
    expect(detail.body.data.items.find((i: any) => i.id === o.maize).refusal).toBeNull();
  });
});
