import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { moreConsignments, refreshConsignments } from '../../src/local/warehouse';
import { now } from '../../src/server/platform/db';
import { tokenFor } from '../support/sellers';
import { paidOrderFromTamale } from '../support/transport';
import { shopServer } from '../support/shop';

/**
 * Issue 40: the staff's consignments past 50 on the phone. "Load more" appends the next page to
 * what the phone kept; offline, every page loaded stays readable, and Load more says offline
 * without losing them; a new first read starts again from page 1.
 */
const shop = shopServer();
let db: AkuafoDb;
beforeEach(async () => {
  db = new AkuafoDb(`warehouse-paging-${Math.random()}`);
  await db.open();
});

const client = (token: string, online = true) =>
  createApiClient({
    origin: 'http://test.local',
    fetch: online ? shop.server.fetch : () => Promise.reject(new TypeError('Failed to fetch')),
    auth: { accessToken: async () => token, refresh: async () => false },
  });

describe('the staff’s outgoing loads on the phone, page after page', () => {
  it('loads 120 in pages of 50, keeps them all for offline, and reads none twice', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const at = now();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      order_id: o.orderId, seller_id: o.kofi.id, from_warehouse_id: o.tamale.id, to_warehouse_id: o.accra.id, weight_g: 10_000 + i, distance_km: 600, fee_minor: 5_000,
      status: 'AT_ORIGIN', expected_ready_at: at, transporter_id: null, collection_code: String(300_000 + i), delivery_code: String(400_000 + i),
      at_origin_at: at, accepted_at: null, collected_at: null, arrived_at: null, created_at: i % 2 === 0 ? '2026-11-02T08:00:00.000Z' : '2026-11-03T08:00:00.000Z', updated_at: at,
    }));
    await shop.server.deps.db.insertInto('consignments').values(rows).execute();
    const email = 'staff.tamale@akuafo.demo';
    const { id } = await shop.server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const token = await tokenFor(shop.server, email);
    await saveSession({ accessToken: token, refreshToken: 'unused', user: { id, firstName: 'Staff', lastName: 'Member', email, userType: 'WAREHOUSE', profileImage: null, passwordChangedAt: null } }, db);

    const first = await refreshConsignments(client(token), id, 'OUTGOING', db);
    expect(first.value.items).toHaveLength(50);
    expect(first.value.nextCursor).toEqual(expect.any(String));
    const second = (await moreConsignments(client(token), id, 'OUTGOING', db))!;
    expect(second.value.items).toHaveLength(100);
    expect(second.fetchedAt).toBe(first.fetchedAt);

    // Offline: the hundred kept stay readable; Load more fails as offline and keeps them.
    const offline = await refreshConsignments(client(token, false), id, 'OUTGOING', db);
    expect(offline).toMatchObject({ fromCache: true });
    expect(offline.value.items.map((c) => c.id)).toEqual(second.value.items.map((c) => c.id));
    const refused = await moreConsignments(client(token, false), id, 'OUTGOING', db).catch((e: unknown) => e);
    expect(refused instanceof ApiError && refused.isNetwork).toBe(true);
    expect((await refreshConsignments(client(token, false), id, 'OUTGOING', db)).value.items).toHaveLength(100);

    // Back online: the rest, then nothing more.
    const third = (await moreConsignments(client(token), id, 'OUTGOING', db))!;
    const ids = third.value.items.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(120);
    expect(third.value.nextCursor).toBeNull();
    expect((await moreConsignments(client(token), id, 'OUTGOING', db))!.value.items).toHaveLength(ids.length);
    // A new first read starts from page 1 again.
    expect((await refreshConsignments(client(token), id, 'OUTGOING', db)).value.items).toHaveLength(50);
  });
});
