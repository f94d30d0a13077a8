import { describe, expect, it } from 'vitest';
import { acceptLoad, arriveLoad, collectLoad, countLineIn, recordLoadEvents } from '../../src/server/modules/transport/life';
import { freshWallet, makeProduct, makeUser, putInCart, sellerNamed, shopServer } from '../support/shop';
import { paidOrderFromTamale, transporterNamed, warehouseNamed } from '../support/transport';

/**
 * Issue 40 item 6: the timeline the buyer (and the seller, for their lines) reads on the order:
 * each consignment's events in order of `at`, as towns, the carrier's first name on the
 * collection, never coordinates or codes.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const get = async (path: string, token: string) => {
  const res = await shop.server.call(path, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: any }).data;
};

describe("an order's consignment timeline", () => {
  it('shows the buyer and the seller each step with its town and the carrier, in order of time, without coordinates or codes', async () => {
    const o = await paidOrderFromTamale(shop.server);
    for (const line of o.lines) await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, line);
    const kwame = await transporterNamed(shop.server, 'Kwame');
    const at = new Date().toISOString();
    await db().insertInto('transporter_profiles').values({ user_id: kwame, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-7-26', ghana_card_number: 'GHA-000000007-1', region: 'Northern', payout_network: 'MTN', payout_number: '0244000007', status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at }).execute();
    await acceptLoad(db(), kwame, o.consignment.id);
    await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
    // Kept offline on the transporter's phone and sent late, out of order: shown in order of `at`.
    const { collected_at } = await db().selectFrom('consignments').select('collected_at').where('id', '=', o.consignment.id).executeTakeFirstOrThrow();
    const later = (ms: number) => new Date(Date.parse(collected_at!) + ms).toISOString();
    await recordLoadEvents(db(), kwame, o.consignment.id, [
      { type: 'POSITION', at: later(3), lat: 6.69, lng: -1.62 },
      { type: 'POSITION', at: later(1), lat: 9.3, lng: -0.85 },
    ]);

    const detail = await get(`/shop/customers/me/orders/${o.orderId}`, o.buyer.token);
    expect(detail.consignments).toHaveLength(1);
    const [c] = detail.consignments;
    expect(c).toMatchObject({ id: o.consignment.id, status: 'IN_TRANSIT', fromWarehouse: { name: 'Tamale Depot', town: 'Tamale' }, toWarehouse: { name: 'Accra Hub', town: 'Accra' } });
    expect(c.events.map((e: any) => [e.type, e.place])).toEqual([
      ['AT_ORIGIN', 'Tamale'],
      ['ACCEPTED', 'Tamale'],
      ['COLLECTED', 'Tamale'],
      ['POSITION', 'Tamale'],
      ['POSITION', 'Kumasi'],
    ]);
    expect(c.events.map((e: any) => e.at)).toEqual([...c.events.map((e: any) => e.at)].sort());
    expect(c.events.find((e: any) => e.type === 'COLLECTED').carrier).toEqual({ firstName: 'Kwame', vehicleType: 'TRUCK' });
    const said = JSON.stringify(detail.consignments);
    for (const secret of ['latitude', 'longitude', 'lat', 'lng', o.consignment.collection_code, o.consignment.delivery_code]) expect(said).not.toContain(`"${secret}"`);
    expect(said).not.toContain('Driver');

    // Tracking by number answers the same timeline.
    const tracked = await get(`/shop/customers/track-order/${detail.orderNumber}`, o.buyer.token);
    expect(tracked.consignments).toEqual(detail.consignments);

    // The seller reads the same timeline on their order.
    const sold = await get(`/sellers/me/orders?page=1`, o.kofi.token);
    const theirs = sold.find((s: any) => s.id === o.orderId);
    expect(theirs.consignments).toEqual(detail.consignments);

    await arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.delivery_code);
    const arrived = await get(`/shop/customers/me/orders/${o.orderId}`, o.buyer.token);
    expect(arrived.consignments[0]).toMatchObject({ status: 'ARRIVED' });
    expect(arrived.consignments[0].events.find((e: any) => e.type === 'ARRIVED')).toMatchObject({ place: 'Accra' });
  });

  it("shows each seller only the consignment of their own lines, and nobody another buyer's order", async () => {
    const [kofi, ama] = [await sellerNamed(shop.server, 'kofi.farms@akuafo.demo'), await sellerNamed(shop.server, 'ama.agro@akuafo.demo')];
    const buyer = await makeUser(shop.server);
    await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 50, 2_000, kofi.id), 3);
    await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 50, 2_000, ama.id), 3);
    const accra = await warehouseNamed(shop.server, 'Accra Hub');
    const started = await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
    const { reference, orderId } = ((await started.json()) as { data: { reference: string; orderId: number } }).data;
    expect((await shop.server.call(`/payments/sandbox/${reference}/approve`, { method: 'POST', token: buyer.token })).status).toBe(200);

    const detail = await get(`/shop/customers/me/orders/${orderId}`, buyer.token);
    expect(detail.consignments.map((c: any) => c.fromWarehouse.town).sort()).toEqual(['Kumasi', 'Tamale']);
    const kofis = (await get('/sellers/me/orders?page=1', kofi.token)).find((s: any) => s.id === orderId);
    const amas = (await get('/sellers/me/orders?page=1', ama.token)).find((s: any) => s.id === orderId);
    expect(kofis.consignments.map((c: any) => c.fromWarehouse.town)).toEqual(['Tamale']);
    expect(amas.consignments.map((c: any) => c.fromWarehouse.town)).toEqual(['Kumasi']);

    const stranger = await makeUser(shop.server);
    expect((await shop.server.call(`/shop/customers/me/orders/${orderId}`, { token: stranger.token })).status).toBe(404);
  });
});
