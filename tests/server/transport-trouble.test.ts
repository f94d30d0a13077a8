import { describe, expect, it } from 'vitest';
import { acceptLoad, arriveLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { reassignLoad, sweepLateLoads } from '../../src/server/modules/transport/trouble';
import { adminToken } from '../support/sellers';
import { shopServer } from '../support/shop';
import { paidOrderFromTamale, refusalOf, transporterNamed } from '../support/transport';

/**
 * Issue 40, item 7: when things go wrong, the operator's side. A load accepted and not collected
 * in time goes back on the board (a new collection code, the operators e-mailed), one on the
 * road past its date is flagged with its transporter's contact, the dispatch desk lists late
 * first, the operator reassigns before delivery; and the attacks (a non-operator, reassigning
 * after delivery, 60 sweeps at once).
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const refusal = refusalOf;
const HOUR = 3600_000;

/** A paid Tamale→Accra order counted in and accepted by a new transporter. */
async function acceptedLoad(firstName = 'Kwame') {
  const o = await paidOrderFromTamale(shop.server);
  for (const line of o.lines) await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, line);
  const driver = await transporterNamed(shop.server, firstName);
  await db().updateTable('users').set({ phone: '+233244000111' }).where('id', '=', driver).execute();
  await acceptLoad(db(), driver, o.consignment.id);
  return { ...o, driver };
}
const consignment = (id: number) => db().selectFrom('consignments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = async (id: number, type: string) => db().selectFrom('consignment_events').selectAll().where('consignment_id', '=', id).where('type', '=', type).execute();
const alertsAbout = async (text: string) =>
  (await db().selectFrom('messages').select(['recipient', 'subject', 'body']).where('topic', '=', 'operator.alert').execute()).filter((m) => m.subject?.includes(text));

describe('the late-loads sweep', () => {
  it('puts a load not collected within 24 hours of acceptance back on the board with a new code, and tells the operators, once of 60 sweeps', async () => {
    await adminToken(shop.server);
    const o = await acceptedLoad();
    const before = await consignment(o.consignment.id);
    // Not yet 24 hours: nothing moves.
    expect((await sweepLateLoads(db(), 24, new Date(Date.now() + 23 * HOUR))).returned).not.toContain(o.consignment.id);

    const runs = await Promise.all(Array.from({ length: 60 }, () => sweepLateLoads(db(), 24, new Date(Date.now() + 25 * HOUR))));
    expect(runs.filter((r) => r.returned.includes(o.consignment.id))).toHaveLength(1);
    const after = await consignment(o.consignment.id);
    expect(after).toMatchObject({ status: 'AT_ORIGIN', transporter_id: null, accepted_at: null });
    expect(after.collection_code).not.toBe(before.collection_code);
    expect(await eventsOf(o.consignment.id, 'RETURNED')).toHaveLength(1);
    const alerts = await alertsAbout(`Load ${o.consignment.id} of`);
    expect(alerts.length).toBeGreaterThan(0);
    expect(new Set(alerts.map((a) => a.recipient)).size).toBe(alerts.length);
    expect(alerts[0]!.body).toMatch(/Kwame Driver accepted .* did not collect it within 24 hours/);

    // The old transporter's code no longer works; the load is on the board for another.
    expect(await refusal(collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, before.collection_code))).toMatchObject({ status: 409 });
    const next = await transporterNamed(shop.server, 'Esi');
    expect((await acceptLoad(db(), next, o.consignment.id)).collectionCode).toBe(after.collection_code);
    expect((await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, after.collection_code)).status).toBe('IN_TRANSIT');
  });

  it('orders a collection at the same moment as 30 sweeps: collected with its transporter, or back on the board and the collection refused', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await acceptedLoad();
      const later = new Date(Date.now() + 25 * HOUR);
      const [collected] = await Promise.allSettled([
        collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code),
        ...Array.from({ length: 30 }, () => sweepLateLoads(db(), 24, later)),
      ]);
      const c = await consignment(o.consignment.id);
      if (collected!.status === 'fulfilled') expect(c).toMatchObject({ status: 'IN_TRANSIT', transporter_id: o.driver });
      else expect(c).toMatchObject({ status: 'AT_ORIGIN', transporter_id: null });
    }
  });

  it('flags a load on the road past its expected date once, with its transporter named to the operators', async () => {
    await adminToken(shop.server);
    const o = await acceptedLoad('Yaw');
    await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
    const expected = new Date(o.consignment.expected_ready_at).getTime();
    expect((await sweepLateLoads(db(), 24, new Date(expected - HOUR))).late).not.toContain(o.consignment.id);
    const runs = await Promise.all(Array.from({ length: 60 }, () => sweepLateLoads(db(), 24, new Date(expected + HOUR))));
    expect(runs.filter((r) => r.late.includes(o.consignment.id))).toHaveLength(1);
    expect(await eventsOf(o.consignment.id, 'LATE')).toHaveLength(1);
    const [alert] = await alertsAbout(`Load ${o.consignment.id} of`);
    expect(alert!.body).toContain('Yaw Driver, +233244000111');
    // Still on the road, with its transporter: the sweep only flags.
    expect(await consignment(o.consignment.id)).toMatchObject({ status: 'IN_TRANSIT', transporter_id: o.driver });
  });
});

describe('the dispatch desk', () => {
  it('lists consignments by state, late first, with the transporter and contact, paged; operators only', async () => {
    const token = await adminToken(shop.server);
    const onTime = await acceptedLoad('Abena');
    await collectLoad(db(), { warehouseId: onTime.tamale.id }, onTime.consignment.id, onTime.consignment.collection_code);
    const late = await acceptedLoad('Kojo');
    await collectLoad(db(), { warehouseId: late.tamale.id }, late.consignment.id, late.consignment.collection_code);
    await db().updateTable('consignments').set({ expected_ready_at: new Date(Date.now() - HOUR).toISOString() }).where('id', '=', late.consignment.id).execute();

    const desk = await json(await shop.server.call('/admin/consignments?status=IN_TRANSIT', { token }));
    expect(desk.status).toBe(200);
    const ids = desk.body.data.map((c: any) => c.id);
    expect(ids.indexOf(late.consignment.id)).toBeLessThan(ids.indexOf(onTime.consignment.id));
    expect(desk.body.data[0].late).toBe(true);
    const row = desk.body.data.find((c: any) => c.id === late.consignment.id);
    expect(row).toMatchObject({
      status: 'IN_TRANSIT', late: true, orderId: late.orderId, weightKg: late.consignment.weight_g / 1000, fee: late.consignment.fee_minor / 100,
      fromWarehouse: { town: 'Tamale' }, toWarehouse: { town: 'Accra' }, transporter: { id: late.driver, name: 'Kojo Driver', phone: '+233244000111' },
    });
    expect(row.orderNumber).toMatch(/^ORD-/);
    expect(row.acceptedAt).toBeTruthy();
    expect(row.collectedAt).toBeTruthy();
    expect(desk.body.data.find((c: any) => c.id === onTime.consignment.id).late).toBe(false);

    const onlyLate = await json(await shop.server.call('/admin/consignments?late=true', { token }));
    expect(onlyLate.body.data.every((c: any) => c.late)).toBe(true);
    expect(onlyLate.body.data.map((c: any) => c.id)).toContain(late.consignment.id);
    const notLate = await json(await shop.server.call('/admin/consignments?late=false', { token }));
    expect(notLate.body.data.some((c: any) => c.late)).toBe(false);
    const paged = await json(await shop.server.call('/admin/consignments?pageSize=1&page=2', { token }));
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination).toMatchObject({ currentPage: 2, pageSize: 1 });

    expect((await shop.server.call('/admin/consignments?status=GONE', { token })).status).toBe(400);
    expect((await shop.server.call('/admin/consignments', { token: late.buyer.token })).status).toBe(403);
    expect((await shop.server.call('/admin/consignments', { token: late.kofi.token })).status).toBe(403);
  });
});

describe('reassigning a consignment', () => {
  const reassign = (id: number, token: string, json: unknown) => shop.server.call(`/admin/consignments/${id}/reassign`, { method: 'POST', token, json });

  it('gives a load to another transporter or back to the board before delivery, with new codes, audited; not after delivery', async () => {
    const token = await adminToken(shop.server);
    const o = await acceptedLoad();
    const other = await transporterNamed(shop.server, 'Akosua');
    const before = await consignment(o.consignment.id);

    // Not the operator: 403. Not a transporter: 400. No such consignment: 404.
    expect((await reassign(o.consignment.id, o.buyer.token, { transporterId: other })).status).toBe(403);
    expect((await reassign(o.consignment.id, token, { transporterId: o.buyer.id })).status).toBe(400);
    expect((await reassign(999_999, token, { transporterId: other })).status).toBe(404);

    const moved = await json(await reassign(o.consignment.id, token, { transporterId: other }));
    expect(moved).toMatchObject({ status: 200, body: { data: { id: o.consignment.id, status: 'AT_ORIGIN', transporterId: other } } });
    const after = await consignment(o.consignment.id);
    expect(after.collection_code).not.toBe(before.collection_code);
    // The old transporter's code stops working; the new one's works.
    expect(await refusal(collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, before.collection_code))).toMatchObject({ status: 400 });
    // The same intent again changes nothing (no new code).
    await reassign(o.consignment.id, token, { transporterId: other });
    expect((await consignment(o.consignment.id)).collection_code).toBe(after.collection_code);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'transport.reassign').where('target_id', '=', o.consignment.id).execute();
    expect(audit).toHaveLength(1);

    // Back to the board, then to a transporter again, then collected.
    expect((await json(await reassign(o.consignment.id, token, {}))).body.data.transporterId).toBeNull();
    expect((await consignment(o.consignment.id)).transporter_id).toBeNull();
    await reassign(o.consignment.id, token, { transporterId: o.driver });
    const code = (await consignment(o.consignment.id)).collection_code;
    await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, code);

    // On the road: not back to the board (409); to another carrier with a new delivery code.
    expect((await reassign(o.consignment.id, token, {})).status).toBe(409);
    const road = await consignment(o.consignment.id);
    expect((await reassign(o.consignment.id, token, { transporterId: other })).status).toBe(200);
    const handed = await consignment(o.consignment.id);
    expect(handed.delivery_code).not.toBe(road.delivery_code);
    expect(await refusal(arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, road.delivery_code))).toMatchObject({ status: 400 });
    await arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, handed.delivery_code);

    // Delivered: 409.
    const late = await json(await reassign(o.consignment.id, token, { transporterId: o.driver }));
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/delivered, cancelled or lost/);
    expect(await refusal(reassignLoad(db(), o.consignment.id, undefined))).toMatchObject({ status: 409 });
  });
});
