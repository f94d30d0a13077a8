import { describe, expect, it } from 'vitest';
import { adminToken } from '../support/sellers';
import { makeUser, shopServer } from '../support/shop';

/**
 * Issue 40 items 2 and 4: warehouse staff and transporter accounts. The demo's staff sign in as
 * WAREHOUSE with their warehouse; the operator assigns, lists and takes off staff (audited); a
 * buyer's account assigned becomes a staff account; other kinds of account cannot be.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const warehouseNamed = (name: string) => db().selectFrom('warehouses').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

describe('warehouse staff', () => {
  it('the demo has one staff account per warehouse, signing in as WAREHOUSE with its warehouseId', async () => {
    const warehouses = await db().selectFrom('warehouses').select(['id', 'town']).execute();
    for (const w of warehouses) {
      const email = `staff.${w.town!.toLowerCase().replace(/\s+/g, '')}@akuafo.demo`;
      const staff = await db().selectFrom('users').select(['user_type', 'warehouse_id']).where('email', '=', email).executeTakeFirstOrThrow();
      expect(staff).toEqual({ user_type: 'WAREHOUSE', warehouse_id: w.id });
    }
    const tamale = await warehouseNamed('Tamale Depot');
    const signedIn = await json(await shop.server.call('/auth/login', { method: 'POST', json: { email: 'staff.tamale@akuafo.demo', password: 'Akuafo#2026' } }));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ userType: 'WAREHOUSE', warehouseId: tamale.id });
    expect(await db().selectFrom('users').select('id').where('email', '=', 'staff.capecoast@akuafo.demo').executeTakeFirst()).toBeDefined();
  });

  it('the operator assigns a buyer (who becomes staff), lists, moves and takes staff off, each in the audit log', async () => {
    const admin = await adminToken(shop.server);
    const ho = await warehouseNamed('Ho Depot');
    const kumasi = await warehouseNamed('Kumasi Hub');
    const buyer = await makeUser(shop.server);
    const assigned = await json(await shop.server.call(`/admin/warehouses/${ho.id}/staff`, { method: 'POST', token: admin, json: { userId: buyer.id } }));
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ userId: buyer.id, warehouseId: ho.id });
    expect((await db().selectFrom('users').select('user_type').where('id', '=', buyer.id).executeTakeFirstOrThrow()).user_type).toBe('WAREHOUSE');
    // Its sign-in as a buyer ended with the change of role.
    expect((await shop.server.call('/shop/cart', { token: buyer.token })).status).toBe(401);
    const listed = await json(await shop.server.call(`/admin/warehouses/${ho.id}/staff`, { token: admin }));
    expect(listed.body.data.map((s: { userId: number }) => s.userId)).toContain(buyer.id);
    const moved = await json(await shop.server.call(`/admin/warehouses/${kumasi.id}/staff`, { method: 'POST', token: admin, json: { userId: buyer.id } }));
    expect(moved.body.data.warehouseId).toBe(kumasi.id);
    expect((await json(await shop.server.call(`/admin/warehouses/${ho.id}/staff/${buyer.id}`, { method: 'DELETE', token: admin }))).status).toBe(404);
    const removed = await json(await shop.server.call(`/admin/warehouses/${kumasi.id}/staff/${buyer.id}`, { method: 'DELETE', token: admin }));
    expect(removed).toEqual({ status: 200, body: { data: { userId: buyer.id, warehouseId: null } } });
    const audit = await db().selectFrom('audit_log').select(['action', 'detail']).where('target_type', '=', 'user').where('target_id', '=', buyer.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['warehouse.staff.assign', 'warehouse.staff.assign', 'warehouse.staff.remove']);
  });

  it('refuses a seller, an unknown account and an unknown warehouse with a sentence', async () => {
    const admin = await adminToken(shop.server);
    const ho = await warehouseNamed('Ho Depot');
    const seller = await db().selectFrom('users').select('id').where('email', '=', 'kofi.farms@akuafo.demo').executeTakeFirstOrThrow();
    const refused = await json(await shop.server.call(`/admin/warehouses/${ho.id}/staff`, { method: 'POST', token: admin, json: { userId: seller.id } }));
    expect(refused).toMatchObject({ status: 409, body: { message: 'Only a buyer’s account or a staff account can be assigned to a warehouse.' } });
    expect((await json(await shop.server.call(`/admin/warehouses/${ho.id}/staff`, { method: 'POST', token: admin, json: { userId: 99_999_999 } }))).body.message).toBe('Account not found');
    expect((await shop.server.call('/admin/warehouses/99999999/staff', { token: admin })).status).toBe(404);
    expect((await shop.server.call(`/admin/warehouses/${ho.id}/staff`, { method: 'POST', token: admin, json: { userId: 'x' } })).status).toBe(400);
  });
});

describe('transporters', () => {
  const registration = (email: string) => ({
    firstName: 'Kwame', lastName: 'Asare', email, password: 'Str0ng#Pass', phoneNumber: '0241234567', businessRegion: 'Northern',
    ghanaCardNumber: 'gha-123456789-0', vehicleType: 'TRUCK', capacityKg: 8000, plateNumber: 'nr 2345 21', payoutNumber: '024 455 6677',
  });

  it('register with the sellers’ shape plus the vehicle, card and wallet, get the sellers’ e-mail link, and wait for the operator', async () => {
    const email = `driver-${Date.now()}@example.test`;
    const registered = await json(await shop.server.call('/transporters/register', { method: 'POST', json: registration(email) }));
    expect(registered.status).toBe(201);
    expect(registered.body.data.email).toBe(email);
    const user = await db().selectFrom('users').select(['id', 'user_type', 'is_email_verified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: 'TRANSPORTER', is_email_verified: 0 });
    const mail = await db().selectFrom('messages').select(['body']).where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(mail.body).toContain('registering as a transporter');
    expect(mail.body).toContain('/sellers/verify-email?token=');
    // The sellers' link confirms the address.
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]!);
    expect((await shop.server.call('/sellers/verify-email', { method: 'POST', json: { token } })).status).toBe(200);
    const signedIn = await json(await shop.server.call('/auth/login', { method: 'POST', json: { email, password: 'Str0ng#Pass' } }));
    expect(signedIn.body.data.user.userType).toBe('TRANSPORTER');
    const me = await json(await shop.server.call('/transporters/me', { token: signedIn.body.data.accessToken }));
    expect(me.body.data).toMatchObject({ vehicleType: 'TRUCK', capacityKg: 8000, plateNumber: 'NR-2345-21', ghanaCardNumber: 'GHA-123456789-0', payoutNetwork: 'MTN', payoutAccount: '024XXX6677', verificationStatus: 'PENDING', isEmailVerified: true });

    // Not verified: no load; the operator verifies (audited), then rejects (with a reason): no load again.
    const driver = signedIn.body.data.accessToken as string;
    const accept = async () => json(await shop.server.call('/transporters/me/loads/99999999/accept', { method: 'POST', token: driver }));
    expect(await accept()).toMatchObject({ status: 403, body: { message: 'Your transporter account is not verified yet: the operator checks your Ghana Card and vehicle first. You can accept loads once it is verified.' } });
    const admin = await adminToken(shop.server);
    const pending = await json(await shop.server.call('/admin/transporters?status=PENDING', { token: admin }));
    expect(pending.body.data.map((t: { userId: number }) => t.userId)).toContain(user.id);
    expect((await json(await shop.server.call(`/admin/transporters/${user.id}/verify`, { method: 'POST', token: admin }))).body.data).toEqual({ userId: user.id, verificationStatus: 'VERIFIED' });
    expect((await accept()).status).toBe(404);
    expect((await shop.server.call(`/admin/transporters/${user.id}/reject`, { method: 'POST', token: admin, json: { reason: 'The plate does not match the Ghana Card holder.' } })).status).toBe(200);
    expect((await accept()).body.message).toBe('Your transporter account was not approved, so you cannot accept loads. Contact us to put it right.');
    expect((await json(await shop.server.call('/transporters/me', { token: driver }))).body.data).toMatchObject({ verificationStatus: 'REJECTED', rejectionReason: 'The plate does not match the Ghana Card holder.' });
    const audit = await db().selectFrom('audit_log').select('action').where('target_type', '=', 'transporter').where('target_id', '=', user.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['transporter.verify', 'transporter.reject']);
    expect((await shop.server.call('/admin/transporters/99999999/verify', { method: 'POST', token: admin })).status).toBe(404);
  });

  it("tells the transporter the operator's decision by e-mail in their language, once for each change, the rejection with its reason", async () => {
    const email = `decided-${Date.now()}@example.test`;
    expect((await shop.server.call('/transporters/register', { method: 'POST', json: registration(email) })).status).toBe(201);
    const { id } = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const admin = await adminToken(shop.server);
    const decisions = () => db().selectFrom('messages').select(['subject', 'body', 'topic', 'user_id']).where('recipient', '=', email).where('topic', '=', 'transporters').orderBy('id').execute();
    expect(await decisions()).toEqual([]);

    // Five verifies at once (two operators, double taps): one change, one e-mail; all answer VERIFIED.
    const verifies = await Promise.all(Array.from({ length: 5 }, () => shop.server.call(`/admin/transporters/${id}/verify`, { method: 'POST', token: admin })));
    expect(verifies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const [verified] = await decisions();
    expect(await decisions()).toHaveLength(1);
    expect(verified).toMatchObject({ subject: 'Your transporter account is verified', user_id: id });
    expect(verified!.body).toMatch(/^Hello Kwame,\n/);
    expect(verified!.body).toContain('you can now accept loads');
    expect(verified!.body).toContain('/transporter');

    // Rejected with a reason, in Twi for a Twi reader; the same rejection again says nothing more; a new reason does.
    await db().updateTable('users').set({ language: 'ak' }).where('id', '=', id).execute();
    const reject = (reason: string) => shop.server.call(`/admin/transporters/${id}/reject`, { method: 'POST', token: admin, json: { reason } });
    expect((await reject('The plate does not match the Ghana Card holder.')).status).toBe(200);
    expect((await reject('The plate does not match the Ghana Card holder.')).status).toBe(200);
    const afterReject = await decisions();
    expect(afterReject).toHaveLength(2);
    expect(afterReject[1]).toMatchObject({ subject: 'Yɛantumi anhwɛ w’ɔsoafo akawnt mu' });
    expect(afterReject[1]!.body).toContain('Nea enti: The plate does not match the Ghana Card holder.');
    expect((await reject('The Ghana Card photo cannot be read.')).status).toBe(200);
    expect((await decisions()).at(-1)!.body).toContain('Nea enti: The Ghana Card photo cannot be read.');
    expect(await decisions()).toHaveLength(3);
    // Every decision is in the audit log, changed or not.
    const audit = await db().selectFrom('audit_log').select('action').where('target_type', '=', 'transporter').where('target_id', '=', id).execute();
    expect(audit).toHaveLength(8);
  });

  it('refuses bad registrations with the field’s sentence', async () => {
    const bad = await json(await shop.server.call('/transporters/register', { method: 'POST', json: { ...registration('bad@example.test'), vehicleType: 'CAMEL', capacityKg: 5, plateNumber: '???', ghanaCardNumber: '12', payoutNumber: '12345' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      vehicleType: expect.stringMatching(/vehicle type/),
      capacityKg: expect.stringMatching(/Capacity/),
      plateNumber: expect.stringMatching(/plate number/),
      ghanaCardNumber: expect.stringMatching(/Ghana Card/),
      payoutNumber: expect.stringMatching(/mobile-money number/),
    });
  });

  it('the demo’s transporter is verified: Yaw Mensah, a 5,000 kg truck, NR-2026-24, an MTN wallet', async () => {
    const t = await db().selectFrom('users').innerJoin('transporter_profiles', 'transporter_profiles.user_id', 'users.id').selectAll().where('email', '=', 'transporter@akuafo.demo').executeTakeFirstOrThrow();
    expect(t).toMatchObject({ first_name: 'Yaw', last_name: 'Mensah', user_type: 'TRANSPORTER', vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-2026-24', payout_network: 'MTN', status: 'VERIFIED' });
  });
});
