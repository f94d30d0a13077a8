import { describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { transporterShareMinor } from '../../src/server/modules/transport/life';
import { now } from '../../src/server/platform/db';
import { tokenFor } from '../support/sellers';
import { paidOrderFromTamale as paidOrderFromTamaleOf } from '../support/transport';
import { makeUser, shopServer } from '../support/shop';

/**
 * Issue 40 items 2 and 4 over HTTP, on SQLite and PostgreSQL: an Accra buyer buys from Kofi
 * (who drops off at Tamale); Tamale's staff count the lines in; one of 60 transporters gets the
 * load; Tamale's staff enter its collection code; positions sent offline as a batch, out of order
 * and again, come back once each in order of `at`; Accra's staff enter the delivery code; the
 * buyer collects at Accra with the pickup code; seller and transporter are released. And the
 * attacks: another warehouse's staff on every staff route, another load's code, a replayed
 * batch, events on another's load, buyers and sellers on staff and transporter routes, an
 * unverified transporter accepting.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const call = (path: string, token: string | undefined, init: { method?: string; json?: unknown } = {}) => shop.server.call(path, { ...init, token });
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const post = async (path: string, token: string, body?: unknown) => json(await call(path, token, { method: 'POST', json: body ?? {} }));

async function transporterAccount(status: 'VERIFIED' | 'PENDING' = 'VERIFIED') {
  const user = await makeUser(shop.server, 'TRANSPORTER');
  const at = now();
  await db()
    .insertInto('transporter_profiles')
    .values({ user_id: user.id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-1-26', ghana_card_number: 'GHA-000000001-1', region: 'Northern', payout_network: 'MTN', payout_number: '0244000001', status, verified_at: status === 'VERIFIED' ? at : null, rejection_reason: null, created_at: at, updated_at: at })
    .execute();
  return user;
}

const paidOrderFromTamale = () => paidOrderFromTamaleOf(shop.server);

describe('a load from Tamale to Accra over HTTP', () => {
  it('goes from the counter at Tamale to the buyer at Accra, each step by its own account, and pays the seller and the transporter', async () => {
    const o = await paidOrderFromTamale();
    const staff = { tamale: await tokenFor(shop.server, 'staff.tamale@akuafo.demo'), accra: await tokenFor(shop.server, 'staff.accra@akuafo.demo'), kumasi: await tokenFor(shop.server, 'staff.kumasi@akuafo.demo') };
    const seller = await tokenFor(shop.server, 'kofi.farms@akuafo.demo');
    const received = (item: number) => `/warehouse/orders/${o.orderId}/items/${item}/received`;

    // Tamale's counter expects the lines; Accra's does not.
    const expected = await json(await call('/warehouse/lines', staff.tamale));
    expect(expected.body.data.filter((l: any) => l.orderId === o.orderId).map((l: any) => l.itemId)).toEqual(o.lines);
    expect((await json(await call('/warehouse/lines', staff.accra))).body.data.some((l: any) => l.orderId === o.orderId)).toBe(false);

    // Nobody but Tamale's staff (or the operator) counts them in.
    expect(await post(received(o.lines[0]!), staff.accra)).toMatchObject({ status: 403, body: { message: 'This order line is handled by another warehouse.' } });
    for (const outsider of [o.buyer.token, seller]) expect((await post(received(o.lines[0]!), outsider)).status).toBe(403);
    expect((await post(received(o.lines[0]!), staff.tamale)).body.data).toMatchObject({ consignmentId: o.consignment.id, consignmentStatus: 'AWAITING_DROP_OFF' });
    expect((await post(received(o.lines[1]!), staff.tamale)).body.data.consignmentStatus).toBe('AT_ORIGIN');

    // Each warehouse sees it from its end; Kumasi does not see it.
    const listed = async (token: string) => (await json(await call('/warehouse/consignments?status=AT_ORIGIN', token))).body.data.find((c: any) => c.id === o.consignment.id);
    expect(await listed(staff.tamale)).toMatchObject({ direction: 'OUTGOING', lines: 2, linesReceived: 2, transporter: null });
    expect((await listed(staff.accra)).direction).toBe('INCOMING');
    expect(await listed(staff.kumasi)).toBeUndefined();
    expect(JSON.stringify(await listed(staff.tamale))).not.toContain(o.consignment.collection_code);

    // An unverified transporter reads the board but cannot accept; buyers and sellers reach neither.
    const newcomer = await transporterAccount('PENDING');
    expect((await json(await call('/transporters/me/loads?status=OPEN&region=Northern', newcomer.token))).body.data.some((l: any) => l.id === o.consignment.id)).toBe(true);
    expect(await post(`/transporters/me/loads/${o.consignment.id}/accept`, newcomer.token)).toMatchObject({ status: 403, body: { message: expect.stringMatching(/not verified yet/) } });
    for (const outsider of [o.buyer.token, seller, staff.tamale]) {
      expect((await call('/transporters/me/loads', outsider)).status).toBe(403);
      expect((await post(`/transporters/me/loads/${o.consignment.id}/accept`, outsider)).status).toBe(403);
    }

    // 60 verified transporters accept at once: one 200, 59 told another was first.
    const drivers = await Promise.all(Array.from({ length: 60 }, () => transporterAccount()));
    const answers = await Promise.all(drivers.map((d) => post(`/transporters/me/loads/${o.consignment.id}/accept`, d.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const lost = answers.filter((a) => a.status !== 200);
    expect(lost).toHaveLength(59);
    for (const a of lost) expect(a).toMatchObject({ status: 409, body: { message: 'Another transporter accepted this load first. Choose another load on the board.' } });
    const driver = drivers[answers.findIndex((a) => a.status === 200)]!;
    const other = drivers.find((d) => d !== driver)!;

    // The winner's phone shows the collection code, not yet the delivery code.
    const mine = async () => (await json(await call('/transporters/me/loads?status=MINE', driver.token))).body.data.find((l: any) => l.id === o.consignment.id);
    expect(await mine()).toMatchObject({ collectionCode: o.consignment.collection_code });
    expect((await mine()).deliveryCode).toBeUndefined();

    // Collection: Accra's staff are refused; another load's code is refused; the right one puts it on the road.
    const another = await paidOrderFromTamale();
    const collected = `/warehouse/consignments/${o.consignment.id}/collected`;
    expect(await post(collected, staff.accra, { code: o.consignment.collection_code })).toMatchObject({ status: 403, body: { message: 'This consignment is handled by another warehouse.' } });
    expect((await post(collected, driver.token, { code: o.consignment.collection_code })).status).toBe(403);
    if (another.consignment.collection_code !== o.consignment.collection_code) {
      expect((await post(collected, staff.tamale, { code: another.consignment.collection_code })).status).toBe(400);
    }
    expect((await post(collected, staff.tamale, { code: o.consignment.collection_code })).body.data).toEqual({ id: o.consignment.id, status: 'IN_TRANSIT', orderId: o.orderId });
    expect((await mine()).deliveryCode).toBe(o.consignment.delivery_code);

    // Reports kept offline: a batch out of order, then the same batch again, then one alone; never on another's load.
    const t = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const batch = [
      { type: 'POSITION', at: t(3), lat: 6.69, lng: -1.62 },
      { type: 'POSITION', at: t(1), lat: 9.3, lng: -0.85 },
      { type: 'MILESTONE', at: t(2), note: 'Crossed the Volta at Yeji' },
    ];
    const events = `/transporters/me/loads/${o.consignment.id}/events`;
    expect((await post(events, driver.token, { events: batch })).body.data).toEqual({ recorded: 3, repeated: 0 });
    expect((await post(events, driver.token, { events: batch })).body.data).toEqual({ recorded: 0, repeated: 3 });
    expect((await post(events, driver.token, { type: 'MILESTONE', at: t(4), note: 'At Nkawkaw' })).body.data).toEqual({ recorded: 1, repeated: 0 });
    expect((await post(events, other.token, { events: batch })).status).toBe(404);
    expect((await post(events, driver.token, { type: 'POSITION', at: t(5) })).status).toBe(400);

    // Arrival: Tamale's staff cannot receive at Accra; Accra's staff with the delivery code can.
    const arrived = `/warehouse/consignments/${o.consignment.id}/arrived`;
    expect((await post(arrived, staff.tamale, { code: o.consignment.delivery_code })).status).toBe(403);
    const heldBefore = (await json(await call('/transporters/me/earnings', driver.token))).body.data;
    expect(heldBefore.held).toBe(transporterShareMinor(o.consignment.fee_minor) / 100);
    expect((await post(arrived, staff.accra, { code: o.consignment.delivery_code })).body.data.status).toBe('ARRIVED');

    // The buyer's timeline, in order of `at`, towns only.
    const detail = (await json(await call(`/shop/customers/me/orders/${o.orderId}`, o.buyer.token))).body.data;
    const ats = detail.consignments[0].events.map((e: any) => e.at);
    expect([...ats].sort()).toEqual(ats);
    expect(detail.consignments[0].events.filter((e: any) => e.type === 'POSITION').map((e: any) => e.place)).toEqual(['Tamale', 'Kumasi']);
    expect(detail.status).toBe('SHIPPED');

    // Pickup: Kumasi's staff are refused before a code is counted; Accra's staff hand it over.
    const order = await db().selectFrom('orders').select(['pickup_code']).where('id', '=', o.orderId).executeTakeFirstOrThrow();
    const pickup = `/admin/orders/${o.orderId}/pickup`;
    expect(await post(pickup, staff.kumasi, { code: order.pickup_code })).toMatchObject({ status: 403, body: { message: 'This order is collected at another warehouse.' } });
    expect((await post(pickup, o.buyer.token, { code: order.pickup_code })).status).toBe(403);
    expect((await post(pickup, staff.accra, { code: order.pickup_code })).body.data).toEqual({ id: o.orderId, status: 'DELIVERED' });

    // Released: the seller's share out of escrow, the transporter's fee to its balance and earnings page.
    expect(await balanceOf(db(), 'escrow_held', o.kofi.id, o.orderId)).toBe(0);
    expect(await balanceOf(db(), 'transport_held', null, o.orderId)).toBe(0);
    const earnings = (await json(await call('/transporters/me/earnings', driver.token))).body.data;
    expect(earnings).toMatchObject({ held: 0, available: transporterShareMinor(o.consignment.fee_minor) / 100, commissionRate: 5 });
    expect(earnings.entries).toHaveLength(1);
    expect(earnings.entries[0].description).toContain(detail.orderNumber);
    expect(await balanceOf(db(), 'seller_available', driver.id)).toBe(transporterShareMinor(o.consignment.fee_minor));

    // Paid out by the payout job to the transporter's wallet (item 5), once however often it runs.
    const operator = await makeUser(shop.server, 'ADMIN');
    const kofiPayouts = () => db().selectFrom('payouts').select(['id', 'status', 'amount_minor']).where('seller_id', '=', o.kofi.id).orderBy('id').execute();
    const kofiBefore = (await kofiPayouts()).length;
    const kofiShare = await balanceOf(db(), 'seller_available', o.kofi.id);
    expect(kofiShare).toBeGreaterThan(0);
    const runs = await Promise.all([post('/admin/payouts/run', operator.token), post('/admin/payouts/run', operator.token)]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    const paid = (await json(await call('/transporters/me/earnings', driver.token))).body.data;
    expect(paid).toMatchObject({ available: 0, sending: 0, paidOut: transporterShareMinor(o.consignment.fee_minor) / 100 });
    expect(paid.payouts).toHaveLength(1);
    expect(paid.payouts[0]).toMatchObject({ status: 'SUCCESS', account: expect.stringMatching(/^MTN MoMo /) });
    const desk = (await json(await call('/admin/payouts', operator.token))).body.data;
    const named = await db().selectFrom('users').select(['first_name', 'last_name']).where('id', '=', driver.id).executeTakeFirstOrThrow();
    expect(desk.find((p: any) => p.id === paid.payouts[0].id)).toMatchObject({ sellerId: driver.id, businessName: `${named.first_name} ${named.last_name}` });
    // The seller too, once: one new payout of everything available, nothing left.
    const kofiNow = await kofiPayouts();
    expect(kofiNow).toHaveLength(kofiBefore + 1);
    expect(kofiNow.at(-1)).toMatchObject({ status: 'SUCCESS', amount_minor: kofiShare });
    expect(await balanceOf(db(), 'seller_available', o.kofi.id)).toBe(0);
    const tb = await trialBalance(db());
    expect(tb.debitsMinor).toBe(tb.creditsMinor);
  }, 120_000);

  it('refuses staff of another warehouse on each staff route, and staff not assigned to any', async () => {
    const o = await paidOrderFromTamale();
    const ho = await tokenFor(shop.server, 'staff.ho@akuafo.demo');
    expect((await post(`/warehouse/orders/${o.orderId}/items/${o.lines[0]}/received`, ho)).status).toBe(403);
    expect((await post(`/warehouse/consignments/${o.consignment.id}/collected`, ho, { code: o.consignment.collection_code })).status).toBe(403);
    expect((await post(`/warehouse/consignments/${o.consignment.id}/arrived`, ho, { code: o.consignment.delivery_code })).status).toBe(403);
    expect((await json(await call('/warehouse/consignments', ho))).body.data.some((c: any) => c.id === o.consignment.id)).toBe(false);
    const unassigned = await makeUser(shop.server, 'WAREHOUSE');
    expect(await json(await call('/warehouse/lines', unassigned.token))).toMatchObject({ status: 403, body: { message: 'This staff account is not assigned to a warehouse yet. Ask the operator to assign you.' } });
    // The consignment's codes were not counted against it by another warehouse's tries.
    const tamale = await tokenFor(shop.server, 'staff.tamale@akuafo.demo');
    for (const item of o.lines) await post(`/warehouse/orders/${o.orderId}/items/${item}/received`, tamale);
    expect((await post(`/warehouse/consignments/${o.consignment.id}/collected`, tamale, { code: o.consignment.collection_code })).body.message).toBe('No transporter has accepted this consignment yet.');
  });
});
