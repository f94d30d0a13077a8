import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { replayOutbox } from '../../src/local/outbox';
import { saveSession } from '../../src/local/session';
import { checkLineAtDropOff, refreshLinesToReceive } from '../../src/local/warehouse';
import { pngImage, tokenFor } from '../support/sellers';
import { shopServer } from '../support/shop';
import { paidOrderFromTamale } from '../support/transport';

/** Issue 41 item 1: a check's photo queued offline before the check that names it, replayed against the real API; the buyer's line then shows it. */
const shop = shopServer();
let db: AkuafoDb;
beforeEach(async () => {
  db = new AkuafoDb(`check-photo-${Math.random()}`);
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

describe('a check’s photo on the phone', () => {
  it('is queued offline before its check, sent first, and kept with the check', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const staff = await tamaleStaff();
    const [line] = (await refreshLinesToReceive(client(staff.token), staff.id, db)).value.items.filter((l) => l.orderId === o.orderId);
    const photo = new Blob([new Uint8Array(await pngImage('#663300'))], { type: 'image/png' });
    await checkLineAtDropOff(line!, { result: 'FAIL', notes: 'Mouldy', photo }, db);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.entity.split(':')[0])).toEqual(['check-photo', 'line-checked']);
    const ref = (entries[0]!.body as { ref: string }).ref;
    expect(entries[1]!.body).toMatchObject({ result: 'FAIL', notes: 'Mouldy', photo: ref });
    expect((await replayOutbox(client(staff.token, false), db)).retryLater).toBe(true);

    expect((await replayOutbox(client(staff.token), db)).sent).toBe(2);
    const check = await shop.server.deps.db.selectFrom('line_checks').select(['photo']).where('order_item_id', '=', line!.itemId).executeTakeFirstOrThrow();
    const stored = await shop.server.deps.db.selectFrom('check_photos').select(['storage_key', 'uploaded_by']).where('ref', '=', ref).executeTakeFirstOrThrow();
    expect(check.photo).toBe(stored.storage_key);
    expect(stored.uploaded_by).toBe(staff.id);
  });
});
