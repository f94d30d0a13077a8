import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { replayOutbox } from '../../src/local/outbox';
import { saveSession } from '../../src/local/session';
import { checkLineAtDropOff, refreshLinesToReceive } from '../../src/local/warehouse';
import { CHECK_MESSAGES } from '../../src/shared/schemas/checks';
import { tokenFor } from '../support/sellers';
import { shopServer } from '../support/shop';
import { paidOrderFromTamale } from '../support/transport';

/** Issue 41: the check at drop-off queued on the staff's phone offline and replayed against the real API; a refused check shown after replay. */
const shop = shopServer();
let db: AkuafoDb;
beforeEach(async () => {
  db = new AkuafoDb(`warehouse-check-${Math.random()}`);
  await db.open();
});

const client = (token: string, online = true) =>
  createApiClient({
    origin: 'http://test.local',
    fetch: online ? shop.server.fetch : () => Promise.reject(new TypeError('Failed to fetch')),
    auth: { accessToken: async () => token, refresh: async () => false },
  });

async function tamaleStaff() {
  const email = 'staff.tamale@akuafo.demo';
  const { id } = await shop.server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const token = await tokenFor(shop.server, email);
  await saveSession({ accessToken: token, refreshToken: 'unused', user: { id, firstName: 'Staff', lastName: 'Member', email, userType: 'WAREHOUSE', profileImage: null, passwordChangedAt: null } }, db);
  return { id, token };
}

describe('the check at drop-off on the phone', () => {
  it('is kept offline, sent when the network is back, and a failed line is refunded', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const staff = await tamaleStaff();
    const lines = (await refreshLinesToReceive(client(staff.token), staff.id, db)).value.items.filter((l) => l.orderId === o.orderId);
    expect(lines.map((l) => l.measured)).toEqual([false, false]);
    await checkLineAtDropOff(lines[0]!, { result: 'PASS' }, db);
    await checkLineAtDropOff(lines[1]!, { result: 'FAIL', notes: '  Soft and rotten ' }, db);
    expect((await refreshLinesToReceive(client(staff.token, false), staff.id, db)).value.items.filter((l) => l.orderId === o.orderId).every((l) => l.queued)).toBe(true);
    expect((await replayOutbox(client(staff.token, false), db)).retryLater).toBe(true);

    expect((await replayOutbox(client(staff.token), db)).sent).toBe(2);
    const checks = await shop.server.deps.db.selectFrom('line_checks').select(['order_item_id', 'result', 'notes']).where('order_id', '=', o.orderId).orderBy('id').execute();
    expect(checks).toEqual([
      { order_item_id: lines[0]!.itemId, result: 'PASS', notes: null },
      { order_item_id: lines[1]!.itemId, result: 'FAIL', notes: 'Soft and rotten' },
    ]);
    const refunded = await shop.server.deps.db.selectFrom('order_items').select('refunded_at').where('id', '=', lines[1]!.itemId).executeTakeFirstOrThrow();
    expect(refunded.refunded_at).not.toBeNull();
    // Both counted in: nothing left to count in for this order.
    expect((await refreshLinesToReceive(client(staff.token), staff.id, db)).value.items.filter((l) => l.orderId === o.orderId)).toEqual([]);
  });

  it('shows the server’s sentence after replay when a check is refused', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const staff = await tamaleStaff();
    const [line] = (await refreshLinesToReceive(client(staff.token), staff.id, db)).value.items.filter((l) => l.orderId === o.orderId);
    // Readings for goods that are not measured (a stale screen, a forged entry): refused.
    await checkLineAtDropOff(line!, { result: 'PASS', moisturePct: 12, foreignMatterPct: 1 }, db);
    expect((await replayOutbox(client(staff.token), db)).failed).toBe(1);
    const [refused] = await db.outbox.toArray();
    expect(refused).toMatchObject({ status: 'failed', error: CHECK_MESSAGES.readingsNotTaken });
  });
});
