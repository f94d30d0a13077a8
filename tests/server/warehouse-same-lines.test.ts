import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLineAtWarehouse } from '../../src/server/modules/orders/fulfilment';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { adminToken, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { warehouseNamed } from '../support/transport';

/**
 * Issue 41 item 1, on SQLite and PostgreSQL: same-warehouse lines (they do not travel; their
 * seller marks them at the buyer's pickup warehouse) are listed on that warehouse's counter,
 * marked `sameWarehouse`, and checkable; they need no check to become ready and stay unchecked
 * when nobody checks them; another warehouse's staff do not see them.
 */
let server: TestServer;
let accra: { id: number };
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
let staff: { accra: string; kumasi: string };
beforeAll(async () => {
  server = await startTestServer();
  accra = await warehouseNamed(server, 'Accra Hub');
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  staff = { accra: await tokenFor(server, 'staff.accra@akuafo.demo'), kumasi: await tokenFor(server, 'staff.kumasi@akuafo.demo') };
});
afterAll(() => server.close());

const db = () => server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const linesOf = async (token: string) => {
  const answer = await json(await server.call('/warehouse/lines', { token }));
  expect(answer.status).toBe(200);
  return answer.body.data as any[];
};
const mark = (orderId: number, itemId: number, sellerId: number) => inTransaction(db(), (trx) => markLineAtWarehouse(trx, { sellerId }, orderId, itemId));

/** Kofi's maize (grains) and Ama's yam, both dropped off at Accra, the buyer's pickup warehouse: paid, not yet brought. */
async function paidOrder() {
  await dropOffAt(server, accra.id, [kofi.id, ama.id]);
  const buyer = await makeUser(server);
  const maize = await makeProduct(server, 10, 2_000, kofi.id);
  await db().updateTable('products').set({ category: 'Grains' }).where('id', '=', maize).execute();
  const yam = await makeProduct(server, 10, 3_000, ama.id);
  await putInCart(server, buyer.id, maize, 2);
  await putInCart(server, buyer.id, yam, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const lines = await db().selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', started.orderId).orderBy('id').execute();
  return { buyer, orderId: started.orderId, maize, yam, maizeLine: lines.find((l) => l.product_id === maize)!.id, yamLine: lines.find((l) => l.product_id === yam)!.id };
}

describe('same-warehouse lines on the warehouse counter', () => {
  it('lists a line its seller marked here as "seller brought it here", checkable; checked, it leaves the list; unchecked, the order is ready all the same', async () => {
    const o = await paidOrder();
    const mine = (lines: any[]) => lines.filter((l) => l.orderId === o.orderId);
    // Not brought yet: nothing to act on (the seller marks it when bringing it).
    expect(mine(await linesOf(staff.accra))).toEqual([]);

    await mark(o.orderId, o.maizeLine, kofi.id);
    expect(mine(await linesOf(staff.accra))).toEqual([
      expect.objectContaining({ orderId: o.orderId, itemId: o.maizeLine, quantity: 2, consignmentId: null, fromWarehouseId: accra.id, sameWarehouse: true, measured: true }),
    ]);
    // Another warehouse's counter never sees it, and cannot check it.
    expect((await linesOf(staff.kumasi)).some((l) => l.orderId === o.orderId)).toBe(false);
    const pass = { result: 'PASS', moisturePct: 12, foreignMatterPct: 1 };
    expect((await server.call(`/warehouse/orders/${o.orderId}/items/${o.maizeLine}/check`, { method: 'POST', token: staff.kumasi, json: pass })).status).toBe(403);

    // Checked here: graded, and off the list.
    const checked = await json(await server.call(`/warehouse/orders/${o.orderId}/items/${o.maizeLine}/check`, { method: 'POST', token: staff.accra, json: pass }));
    expect(checked).toMatchObject({ status: 200, body: { data: { result: 'PASS', grade: 'Grade 1', warehouse: 'Accra' } } });
    expect(mine(await linesOf(staff.accra))).toEqual([]);

    // The yam, marked and never checked: the order is ready for pickup without its check, and the line stays
    // listed (checkable until collected) and unchecked: the buyer's line answers no check, the listing no lot.
    await mark(o.orderId, o.yamLine, ama.id);
    const order = await db().selectFrom('orders').select('status').where('id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('SHIPPED');
    expect(mine(await linesOf(staff.accra))).toEqual([expect.objectContaining({ itemId: o.yamLine, sameWarehouse: true, measured: false })]);
    const detail = await json(await server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }));
    expect(detail.body.data.items.find((i: any) => i.id === o.yamLine).check).toBeNull();
    const yam = await db().selectFrom('products').select(['quality_checked_lots']).where('id', '=', o.yam).executeTakeFirstOrThrow();
    expect(yam.quality_checked_lots).toBe(0);

    // Refused at the pickup counter: no longer the check's business.
    expect((await server.call(`/warehouse/orders/${o.orderId}/items/${o.yamLine}/refusal`, { method: 'POST', token: staff.accra, json: { reason: 'Soft tubers' } })).status).toBe(200);
    expect(mine(await linesOf(staff.accra))).toEqual([]);
  });

  it('a failed same-warehouse line is refunded and leaves the list; the operator sees every warehouse’s', async () => {
    const o = await paidOrder();
    await mark(o.orderId, o.yamLine, ama.id);
    const admin = await adminToken(server);
    expect((await linesOf(admin)).some((l) => l.itemId === o.yamLine && l.sameWarehouse)).toBe(true);
    const failed = await json(await server.call(`/warehouse/orders/${o.orderId}/items/${o.yamLine}/check`, { method: 'POST', token: staff.accra, json: { result: 'FAIL', notes: 'Rotten' } }));
    expect(failed).toMatchObject({ status: 200, body: { data: { result: 'FAIL', refunded: true } } });
    expect((await linesOf(staff.accra)).some((l) => l.itemId === o.yamLine)).toBe(false);
  });

  it('pages with the travelling lines by one cursor: 205 lines brought here join into the whole list, none twice or missing', async () => {
    const o = await paidOrder();
    await mark(o.orderId, o.yamLine, ama.id);
    const { id: _id, ...line } = await db().selectFrom('order_items').selectAll().where('id', '=', o.yamLine).executeTakeFirstOrThrow();
    const ours = [o.yamLine];
    for (let i = 0; i < 204; i++) ours.push((await db().insertInto('order_items').values({ ...line, product_name: `${line.product_name} ${i}` }).returning('id').executeTakeFirstOrThrow()).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await json(await server.call(`/warehouse/lines${cursor ? `?cursor=${cursor}` : ''}`, { token: staff.accra }));
      expect(page.status).toBe(200);
      if (pages === 0) expect(page.body.data).toHaveLength(200);
      seen.push(...page.body.data.map((l: any) => l.itemId));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(ours.every((id) => seen.includes(id))).toBe(true);
  }, 120_000);
});
