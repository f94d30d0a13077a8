import { describe, expect, it } from 'vitest';
import { computedRoadKm, defaultUnitWeightG, haversineKm, ROAD_FACTOR } from '../../src/shared/transport';
import { makeUser, sellerNamed, shopServer } from '../support/shop';

/** Issue 40, item 1: warehouses are a network (coordinates, hours, towns, road distances); sellers choose a drop-off warehouse. */
const shop = shopServer();

async function warehouses() {
  const res = await shop.server.call('/warehouses');
  expect(res.status).toBe(200);
  return ((await res.json()) as any).data as { id: number; name: string; town: string; latitude: number; longitude: number; openingHours: string }[];
}

describe('the warehouse network', () => {
  it('lists Accra Hub first, each warehouse with its town, coordinates and opening hours', async () => {
    const list = await warehouses();
    expect(list[0]!.name).toBe('Accra Hub');
    const tamale = list.find((w) => w.name === 'Tamale Depot')!;
    expect(tamale).toMatchObject({ town: 'Tamale', openingHours: expect.stringMatching(/\d\d:\d\d/) });
    expect(tamale.latitude).toBeCloseTo(9.4, 1);
    for (const w of list) expect(typeof w.latitude).toBe('number');
  });

  it('computes road distances from coordinates with the road factor until the operator sets a figure, both ways', async () => {
    const admin = await makeUser(shop.server, 'ADMIN');
    const list = await warehouses();
    const accra = list.find((w) => w.name === 'Accra Hub')!;
    const tamale = list.find((w) => w.name === 'Tamale Depot')!;
    const read = async () => ((await (await shop.server.call('/admin/warehouses/distances', { token: admin.token })).json()) as any).data as any[];
    const pair = (rows: any[]) => rows.find((d) => [d.fromWarehouseId, d.toWarehouseId].sort().join() === [accra.id, tamale.id].sort().join());
    const computed = pair(await read());
    expect(computed).toMatchObject({ source: 'COMPUTED', distanceKm: computedRoadKm(accra, tamale) });
    expect(computed.distanceKm).toBe(Math.round(haversineKm(accra, tamale) * ROAD_FACTOR));
    // About 420 km as the crow flies: some 550 km by road.
    expect(computed.distanceKm).toBeGreaterThan(500);
    expect(computed.distanceKm).toBeLessThan(650);

    const set = await shop.server.call('/admin/warehouses/distances', { method: 'PUT', token: admin.token, json: { fromWarehouseId: tamale.id, toWarehouseId: accra.id, distanceKm: 610 } });
    expect(set.status).toBe(200);
    expect(pair(await read())).toMatchObject({ source: 'OPERATOR', distanceKm: 610 });

    const same = await shop.server.call('/admin/warehouses/distances', { method: 'PUT', token: admin.token, json: { fromWarehouseId: accra.id, toWarehouseId: accra.id, distanceKm: 5 } });
    expect(same.status).toBe(400);
    expect(((await same.json()) as any).message).toBe('Choose two different warehouses.');
    const far = await shop.server.call('/admin/warehouses/distances', { method: 'PUT', token: admin.token, json: { fromWarehouseId: accra.id, toWarehouseId: tamale.id, distanceKm: 0 } });
    expect(far.status).toBe(400);
    const missing = await shop.server.call('/admin/warehouses/distances', { method: 'PUT', token: admin.token, json: { fromWarehouseId: accra.id, toWarehouseId: 999_999, distanceKm: 10 } });
    expect(missing.status).toBe(404);

    // Not the buyer's to read or set.
    const buyer = await makeUser(shop.server);
    expect((await shop.server.call('/admin/warehouses/distances', { token: buyer.token })).status).toBe(403);
  });
});

describe('a seller’s drop-off warehouse', () => {
  it('is set for each demo seller: Accra Hub, Tamale Depot, Kumasi Hub', async () => {
    const list = await warehouses();
    const nameOf = (id: number) => list.find((w) => w.id === id)?.name;
    for (const [email, name] of [['seller@akuafo.demo', 'Accra Hub'], ['kofi.farms@akuafo.demo', 'Tamale Depot'], ['ama.agro@akuafo.demo', 'Kumasi Hub']] as const) {
      const seller = await sellerNamed(shop.server, email);
      const profile = ((await (await shop.server.call('/sellers/me', { token: seller.token })).json()) as any).data;
      expect(nameOf(profile.dropoffWarehouseId)).toBe(name);
      expect(profile.dropoffChosen).toBe(true);
    }
  });

  it('is chosen by the seller among open warehouses; without a choice it is the first of the seller’s region', async () => {
    const list = await warehouses();
    const ama = await sellerNamed(shop.server, 'ama.agro@akuafo.demo');
    const db = shop.server.deps.db;
    await db.updateTable('seller_profiles').set({ dropoff_warehouse_id: null }).where('user_id', '=', ama.id).execute();
    const defaulted = ((await (await shop.server.call('/sellers/me', { token: ama.token })).json()) as any).data;
    // Ama's business is in Ashanti: Kumasi Hub is that region's warehouse.
    expect(list.find((w) => w.id === defaulted.dropoffWarehouseId)?.name).toBe('Kumasi Hub');
    expect(defaulted.dropoffChosen).toBe(false);

    const ho = list.find((w) => w.name === 'Ho Depot')!;
    const changed = await shop.server.call('/sellers/me', { method: 'PUT', token: ama.token, json: { dropoffWarehouseId: ho.id } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as any).data).toMatchObject({ dropoffWarehouseId: ho.id, dropoffChosen: true });

    const closed = await shop.server.call('/sellers/me', { method: 'PUT', token: ama.token, json: { dropoffWarehouseId: 999_999 } });
    expect(closed.status).toBe(400);
    expect(((await closed.json()) as any).message).toBe('Choose an open warehouse to bring your goods to.');
    const kumasi = list.find((w) => w.name === 'Kumasi Hub')!;
    await shop.server.call('/sellers/me', { method: 'PUT', token: ama.token, json: { dropoffWarehouseId: kumasi.id } });
  });
});

describe('a unit’s default weight', () => {
  it('is read from the listing’s name, else its category', () => {
    expect(defaultUnitWeightG('White Maize (50 kg bag)', 'Grains')).toBe(50_000);
    expect(defaultUnitWeightG('Palm oil (5 litres)', 'Other')).toBe(5_000);
    expect(defaultUnitWeightG('Dried pepper (500 g)', 'Vegetables')).toBe(500);
    expect(defaultUnitWeightG('Puna yam', 'Tubers')).toBe(2_500);
    expect(defaultUnitWeightG('Something new', 'Unknown')).toBe(1_000);
  });
});
