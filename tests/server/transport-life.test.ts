import { describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { acceptLoad, arriveLoad, collectLoad, countLineIn, listLoads, recordLoadEvents } from '../../src/server/modules/transport/life';
import { transporterShareMinor } from '../../src/server/modules/transport/life';
import { HttpError } from '../../src/server/http/errors';
import { collectWithCode } from '../../src/server/modules/orders/fulfilment';
import { cancelNotBrought } from '../../src/server/modules/orders/uncollected';
import { inTransaction } from '../../src/server/platform/db/transactions';
import { feeVatMinor } from '../../src/shared/transport';
import { adminToken } from '../support/sellers';
import { shopServer } from '../support/shop';
import { paidOrderFromTamale as paidOrderFromTamaleOf, refusalOf, transporterNamed, warehouseNamed } from '../support/transport';

/**
 * Issue 40, item 3: a consignment's life through its services, Tamale to Accra: counted in by
 * the origin's staff, accepted from the board (one of 60 at once), collected with its code,
 * reported on the way (replays kept once), received with the delivery code, the order ready,
 * the fee released; and the attacks (another warehouse, another load's code, another's load).
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

const transporter = () => transporterNamed(shop.server, 'Yaw');
const refusal = refusalOf;
const paidOrderFromTamale = () => paidOrderFromTamaleOf(shop.server);

describe('a consignment from Tamale to Accra', () => {
  it('goes from drop-off to ready for pickup through the staff, one transporter of 60, and its codes; the fee is released on arrival', async () => {
    const o = await paidOrderFromTamale();
    const kumasi = await warehouseNamed(shop.server, 'Kumasi Hub');

    // The seller's own mark does not count for a line that travels.
    const mark = await json(await shop.server.call(`/sellers/me/orders/${o.orderId}/items/${o.lines[0]}/at-warehouse`, { method: 'PUT', token: o.kofi.token }));
    expect(mark.status).toBe(409);
    expect(mark.body.message).toMatch(/drop-off warehouse/);

    // Accra's or Kumasi's staff cannot count Tamale's drop-off in.
    expect(await refusal(countLineIn(db(), { warehouseId: o.accra.id }, o.orderId, o.lines[0]!))).toMatchObject({ status: 403, message: 'This order line is handled by another warehouse.' });
    expect(await refusal(countLineIn(db(), { warehouseId: kumasi.id }, o.orderId, o.lines[0]!))).toMatchObject({ status: 403 });

    // Tamale counts both lines in (the first twice: a resend): AT_ORIGIN only with the last.
    expect((await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[0]!)).consignmentStatus).toBe('AWAITING_DROP_OFF');
    expect((await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[0]!)).consignmentStatus).toBe('AWAITING_DROP_OFF');
    expect((await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[1]!)).consignmentStatus).toBe('AT_ORIGIN');
    // Counted in at Tamale: the buyer can no longer cancel (the goods are on their way).
    expect((await shop.server.call(`/shop/customers/me/orders/${o.orderId}/cancel`, { method: 'POST', token: o.buyer.token, json: {} })).status).toBe(409);

    // On the board, by origin region and capacity; no codes there.
    const drivers = await Promise.all(Array.from({ length: 60 }, () => transporter()));
    const open = (await listLoads(db(), drivers[0]!, { status: 'OPEN', region: 'Northern', page: 1 } as never)).data;
    const onBoard = open.find((l) => l.id === o.consignment.id)!;
    expect(onBoard).toMatchObject({ weightKg: o.consignment.weight_g / 1000, fromWarehouse: { name: 'Tamale Depot' }, toWarehouse: { name: 'Accra Hub' }, earnings: transporterShareMinor(o.consignment.fee_minor) / 100 });
    expect(onBoard.collectionCode).toBeUndefined();
    expect((await listLoads(db(), drivers[0]!, { status: 'OPEN', region: 'Ashanti', page: 1 } as never)).data.some((l) => l.id === o.consignment.id)).toBe(false);
    expect((await listLoads(db(), drivers[0]!, { status: 'OPEN', capacityKg: 10, page: 1 } as never)).data.some((l) => l.id === o.consignment.id)).toBe(false);

    // 60 accept at once: one wins, 59 are told another was first.
    const results = await Promise.allSettled(drivers.map((d) => acceptLoad(db(), d, o.consignment.id)));
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [drivers[i]!] : []));
    expect(won).toHaveLength(1);
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(lost).toHaveLength(59);
    for (const r of lost) expect((r.reason as HttpError).message).toBe('Another transporter accepted this load first. Choose another load on the board.');
    const driver = won[0]!;
    const other = drivers.find((d) => d !== driver)!;
    const { transporter_id } = await db().selectFrom('consignments').select('transporter_id').where('id', '=', o.consignment.id).executeTakeFirstOrThrow();
    expect(transporter_id).toBe(driver);

    // The winner's own view: the collection code, not yet the delivery code.
    const mine = (await listLoads(db(), driver, { status: 'MINE', page: 1 } as never)).data.find((l) => l.id === o.consignment.id)!;
    expect(mine.collectionCode).toBe(o.consignment.collection_code);
    expect(mine.deliveryCode).toBeUndefined();
    expect((await listLoads(db(), other, { status: 'MINE', page: 1 } as never)).data.some((l) => l.id === o.consignment.id)).toBe(false);

    // Collection: Accra's staff cannot; another load's code is refused; the right one moves it on.
    const another = await paidOrderFromTamale();
    expect(await refusal(collectLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.collection_code))).toMatchObject({ status: 403 });
    if (another.consignment.collection_code !== o.consignment.collection_code) {
      expect(await refusal(collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, another.consignment.collection_code))).toMatchObject({ status: 400 });
    }
    expect(await refusal(collectLoad(db(), { warehouseId: o.tamale.id }, another.consignment.id, another.consignment.collection_code))).toMatchObject({ status: 409 });
    expect((await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code)).status).toBe('IN_TRANSIT');
    expect((await listLoads(db(), driver, { status: 'MINE', page: 1 } as never)).data.find((l) => l.id === o.consignment.id)!.deliveryCode).toBe(o.consignment.delivery_code);
    // On the road: neither the buyer nor the operator can cancel it.
    expect((await shop.server.call(`/shop/customers/me/orders/${o.orderId}/cancel`, { method: 'POST', token: o.buyer.token, json: {} })).status).toBe(409);

    // Positions kept offline arrive in a batch, out of order and then again: each kept once, in order of `at`, as towns.
    const t = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const batch = [
      { type: 'POSITION' as const, at: t(3), lat: 6.69, lng: -1.62 }, // near Kumasi
      { type: 'POSITION' as const, at: t(1), lat: 9.3, lng: -0.85 }, // near Tamale
      { type: 'MILESTONE' as const, at: t(2), note: 'Crossed the Volta at Yeji' },
    ];
    expect(await recordLoadEvents(db(), driver, o.consignment.id, batch)).toEqual({ recorded: 3, repeated: 0 });
    expect(await recordLoadEvents(db(), driver, o.consignment.id, batch)).toEqual({ recorded: 0, repeated: 3 });
    // Not on another's load.
    expect(await refusal(recordLoadEvents(db(), other, o.consignment.id, [{ type: 'POSITION', at: t(4), lat: 5.6, lng: -0.2 }]))).toMatchObject({ status: 404 });

    // Arrival: Tamale's staff cannot receive at Accra; the collection code is not the delivery code.
    expect(await refusal(arriveLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.delivery_code))).toMatchObject({ status: 403 });
    if (o.consignment.collection_code !== o.consignment.delivery_code) {
      expect(await refusal(arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.collection_code))).toMatchObject({ status: 400 });
    }
    const before = await balanceOf(db(), 'seller_available', driver);
    expect((await arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.delivery_code)).status).toBe('ARRIVED');
    // The same code again (a resend) changes nothing.
    expect((await arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.delivery_code)).status).toBe('ARRIVED');

    // Lines at Accra, the order ready for pickup; the fee released once: VAT owed, commission ours, the rest the driver's.
    const order = await db().selectFrom('orders').select(['status', 'pickup_code', 'order_number']).where('id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('SHIPPED');
    expect(await balanceOf(db(), 'transport_held', null, o.orderId)).toBe(0);
    expect((await balanceOf(db(), 'seller_available', driver)) - before).toBe(transporterShareMinor(o.consignment.fee_minor));
    // The payouts desk's preview lists the transporter (by name), with its wallet once it has a profile, as the run would pay it.
    const dueFor = async () => ((await json(await shop.server.call('/admin/payouts/due', { token: await adminToken(shop.server) }))).body.data as any[]).find((d) => d.sellerId === driver);
    const share = (await balanceOf(db(), 'seller_available', driver)) / 100;
    expect(await dueFor()).toMatchObject({ businessName: 'Yaw Driver', account: null, waiting: 'No payout account', available: share });
    const at = new Date().toISOString();
    await db().insertInto('transporter_profiles').values({ user_id: driver, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-1234-24', ghana_card_number: 'GHA-123456789-0', region: 'Northern', payout_network: 'MTN', payout_number: '0241234567', status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at }).execute();
    expect(await dueFor()).toMatchObject({ businessName: 'Yaw Driver', account: expect.stringContaining('4567'), available: share });
    const vat = await db().selectFrom('ledger_entries').select(['credit_minor']).where('account', '=', 'vat_payable').where('order_id', '=', o.orderId).execute();
    expect(vat.reduce((s, e) => s + e.credit_minor, 0)).toBe(feeVatMinor(o.consignment.fee_minor));

    // The buyer's timeline: every event in order of `at`, towns only.
    const detail = (await json(await shop.server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }))).body.data;
    const [c] = detail.consignments;
    expect(c.status).toBe('ARRIVED');
    const ats = c.events.map((e: any) => e.at);
    expect([...ats].sort()).toEqual(ats);
    expect(c.events.filter((e: any) => e.type === 'POSITION').map((e: any) => e.place)).toEqual(['Tamale', 'Kumasi']);
    expect(c.events.map((e: any) => e.type)).toEqual(expect.arrayContaining(['AT_ORIGIN', 'ACCEPTED', 'COLLECTED', 'MILESTONE', 'POSITION', 'ARRIVED']));
    expect(JSON.stringify(detail.consignments)).not.toMatch(/lat|lng|latitude|longitude|6\.69/);

    // The buyer collects with the pickup code: the seller is released too; the books balance.
    await inTransaction(db(), (trx) => collectWithCode(trx, o.orderId, order.pickup_code!));
    expect(await balanceOf(db(), 'escrow_held', o.kofi.id, o.orderId)).toBe(0);
    const tb = await trialBalance(db());
    expect(tb.debitsMinor).toBe(tb.creditsMinor);
  });
});

describe("the sweep of paid orders whose goods never came (issue 37) beside transport", () => {
  it('leaves an order whose goods are on the road, and still cancels the batch behind it', async () => {
    const carrierId = await transporter();
    const onTheRoad = await paidOrderFromTamale();
    for (const line of onTheRoad.lines) await countLineIn(db(), { warehouseId: onTheRoad.tamale.id }, onTheRoad.orderId, line);
    await acceptLoad(db(), carrierId, onTheRoad.consignment.id);
    await collectLoad(db(), { warehouseId: onTheRoad.tamale.id }, onTheRoad.consignment.id, onTheRoad.consignment.collection_code);
    const neverBrought = await paidOrderFromTamale();
    const cancelled = await cancelNotBrought(db(), 7, new Date(Date.now() + 8 * 86_400_000));
    expect(cancelled).toContain(neverBrought.orderId);
    expect(cancelled).not.toContain(onTheRoad.orderId);
    const statusOf = async (id: number) => (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await statusOf(onTheRoad.orderId)).toBe('PROCESSING');
    expect(await statusOf(neverBrought.orderId)).toBe('CANCELLED');
    const tb = await trialBalance(db());
    expect(tb.debitsMinor).toBe(tb.creditsMinor);
  });
});
