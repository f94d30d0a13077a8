import { describe, expect, it } from 'vitest';
import { CURSOR_NOT_VALID } from '../../src/shared/schemas/parse';
import { now } from '../../src/server/platform/db';
import { adminToken, tokenFor } from '../support/sellers';
import { makeUser, shopServer } from '../support/shop';
import { paidOrderFromTamale } from '../support/transport';

/**
 * Issue 40: the staff's lists and the loads board past their first 50, by keyset cursor
 * (shared/pagination.ts), on SQLite and PostgreSQL: 120 consignments read in pages join into
 * the whole list, no row twice, none skipped, with many ties on the sort time and ids out of
 * step with it; another warehouse's staff cannot page into ours with our cursor; a forged cursor
 * is a 400 with a sentence.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const get = async (path: string, token: string) => {
  const res = await shop.server.call(path, { token });
  return { status: res.status, body: (await res.json()) as any };
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `count` consignments Tamale → Accra waiting at Tamale (AT_ORIGIN, nobody's), their created_at tied in groups out of step with the ids. */
async function consignmentsFromTamale(count: number, open: boolean) {
  const o = await paidOrderFromTamale(shop.server);
  const base = Date.parse('2026-11-01T08:00:00.000Z');
  const at = now();
  const rows = Array.from({ length: count }, (_, i) => ({
    order_id: o.orderId, seller_id: o.kofi.id, from_warehouse_id: o.tamale.id, to_warehouse_id: o.accra.id,
    weight_g: 10_000 + i, distance_km: 600, fee_minor: 5_000, status: 'AT_ORIGIN', expected_ready_at: at, transporter_id: null,
    collection_code: String(100_000 + i), delivery_code: String(200_000 + i), at_origin_at: at, accepted_at: null, collected_at: null, arrived_at: null,
    // 17 distinct times for 120 rows: every page boundary falls inside a group of ties.
    created_at: new Date(base + ((i * 37) % 17) * 1000).toISOString(), updated_at: at,
  }));
  const ids: number[] = [];
  for (const row of rows) ids.push((await db().insertInto('consignments').values(row).returning('id').executeTakeFirstOrThrow()).id);
  if (!open) await db().updateTable('consignments').set({ status: 'IN_TRANSIT' }).where('id', 'in', ids).execute();
  return { o, ids };
}

async function transporter() {
  const user = await makeUser(shop.server, 'TRANSPORTER');
  const at = now();
  await db()
    .insertInto('transporter_profiles')
    .values({ user_id: user.id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-1-26', ghana_card_number: 'GHA-000000001-1', region: 'Northern', payout_network: 'MTN', payout_number: '0244000001', status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at })
    .execute();
  return user;
}

/** Every page of `path`, following nextCursor; the pages' sizes too. */
async function allPages(path: string, token: string) {
  const ids: number[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 20; guard++) {
    const page = await get(`${path}${path.includes('?') ? '&' : '?'}${cursor ? `cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    expect(page.status).toBe(200);
    ids.push(...page.body.data.map((c: any) => c.id));
    sizes.push(page.body.data.length);
    cursor = page.body.nextCursor;
    if (cursor === null) return { ids, sizes };
  }
  throw new Error('nextCursor never ended');
}

describe('the staff’s consignments, page after page', () => {
  it('join 120 consignments with tied times into the whole list, newest first, none twice or missing, and another warehouse cannot page into them', async () => {
    const { o, ids } = await consignmentsFromTamale(120, true);
    const tamale = await tokenFor(shop.server, 'staff.tamale@akuafo.demo');
    const expected = (
      await db()
        .selectFrom('consignments')
        .select(['id', 'created_at'])
        .where('status', '=', 'AT_ORIGIN')
        .where((eb) => eb.or([eb('from_warehouse_id', '=', o.tamale.id), eb('to_warehouse_id', '=', o.tamale.id)]))
        .execute()
    )
      .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
      .map((c) => c.id);
    expect(expected.length).toBeGreaterThanOrEqual(120);

    const read = await allPages('/warehouse/consignments?status=AT_ORIGIN', tamale);
    expect(read.ids).toEqual(expected);
    expect(new Set(read.ids).size).toBe(read.ids.length);
    expect(read.sizes.slice(0, 2)).toEqual([50, 50]);
    expect(ids.every((id) => read.ids.includes(id))).toBe(true);

    // The same by direction: all are leaving Tamale; none comes to it.
    expect((await allPages('/warehouse/consignments?status=AT_ORIGIN&direction=OUTGOING', tamale)).ids).toEqual(expected);
    expect((await allPages('/warehouse/consignments?status=AT_ORIGIN&direction=INCOMING', tamale)).ids.filter((id) => ids.includes(id))).toEqual([]);
    // Accra sees them coming, in the same order.
    const accra = await tokenFor(shop.server, 'staff.accra@akuafo.demo');
    expect((await allPages('/warehouse/consignments?status=AT_ORIGIN&direction=INCOMING', accra)).ids.filter((id) => ids.includes(id))).toEqual(expected.filter((id) => ids.includes(id)));

    // Ho's staff, with Tamale's cursor from the middle of the list, reach none of Tamale's.
    const first = await get('/warehouse/consignments?status=AT_ORIGIN', tamale);
    const ho = await tokenFor(shop.server, 'staff.ho@akuafo.demo');
    const intruder = await get(`/warehouse/consignments?cursor=${first.body.nextCursor}`, ho);
    expect(intruder.status).toBe(200);
    expect(intruder.body.data.some((c: any) => ids.includes(c.id))).toBe(false);
    const forged = await get(`/warehouse/consignments?cursor=${b64([new Date().toISOString(), 2_147_483_647])}`, ho);
    expect(forged.body.data.some((c: any) => ids.includes(c.id))).toBe(false);
  }, 120_000);

  it('shows no row twice when consignments are added between two pages', async () => {
    const { o } = await consignmentsFromTamale(60, false);
    const accra = await tokenFor(shop.server, 'staff.accra@akuafo.demo');
    const first = await get('/warehouse/consignments?status=IN_TRANSIT&direction=INCOMING', accra);
    expect(first.body.data).toHaveLength(50);
    // A new one arrives on the road (newest: before page 1, so not on page 2).
    const at = now();
    await db().insertInto('consignments').values({ order_id: o.orderId, seller_id: o.kofi.id, from_warehouse_id: o.tamale.id, to_warehouse_id: o.accra.id, weight_g: 1, distance_km: 600, fee_minor: 5_000, status: 'IN_TRANSIT', expected_ready_at: at, transporter_id: null, collection_code: '111111', delivery_code: '222222', at_origin_at: at, accepted_at: null, collected_at: null, arrived_at: null, created_at: at, updated_at: at }).execute();
    const second = await get(`/warehouse/consignments?status=IN_TRANSIT&direction=INCOMING&cursor=${first.body.nextCursor}`, accra);
    const seen = [...first.body.data, ...second.body.data].map((c: any) => c.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(60);
    expect(second.body.nextCursor).toBeNull();
  }, 120_000);

  it('refuses a forged or edited cursor with a sentence', async () => {
    const tamale = await tokenFor(shop.server, 'staff.tamale@akuafo.demo');
    const first = await get('/warehouse/consignments', tamale);
    expect(first.status).toBe(200);
    for (const cursor of ['abc', 'not a cursor', b64(['2026-11-01T08:00:00.000Z']), b64([1, 2]), b64(['yesterday', 5]), b64(['2026-11-01T08:00:00.000Z', -1]), b64(['2026-11-01T08:00:00.000Z', 1.5]), b64({ at: 1 }), 'A'.repeat(500), '%00', b64([1]), b64(['2026-11-01T08:00:00.000Z', 2_147_483_648])]) {
      const answer = await get(`/warehouse/consignments?cursor=${encodeURIComponent(cursor)}`, tamale);
      expect(answer, cursor).toMatchObject({ status: 400, body: { message: CURSOR_NOT_VALID } });
    }
    // The board's cursor is an id only: a staff list's is not one.
    const driver = await transporter();
    const staffCursor = b64(['2026-11-01T08:00:00.000Z', 5]);
    expect(await get(`/transporters/me/loads?cursor=${staffCursor}`, driver.token)).toMatchObject({ status: 400, body: { message: CURSOR_NOT_VALID } });
  });
});

describe('the loads board, page after page', () => {
  it('joins 120 open loads into the whole board, oldest first, none twice or missing', async () => {
    const { ids } = await consignmentsFromTamale(120, true);
    const driver = await transporter();
    const northern = (await db().selectFrom('warehouses').select('id').where('region', '=', 'Northern').execute()).map((w) => w.id);
    const expected = (
      await db().selectFrom('consignments').select('id').where('status', '=', 'AT_ORIGIN').where('transporter_id', 'is', null).where('from_warehouse_id', 'in', northern).orderBy('id').execute()
    ).map((c) => c.id);
    const read = await allPages('/transporters/me/loads?status=OPEN&region=Northern', driver.token);
    expect(read.ids).toEqual(expected);
    expect(new Set(read.ids).size).toBe(read.ids.length);
    expect(ids.every((id) => read.ids.includes(id))).toBe(true);
    expect(read.sizes[0]).toBe(50);

    // The capacity filter pages the same way: of ours (10.000 kg to 10.119 kg), only the first fits 10 kg.
    const light = await allPages('/transporters/me/loads?status=OPEN&region=Northern&capacityKg=10', driver.token);
    expect(light.ids.filter((id) => ids.includes(id))).toEqual([ids[0]]);
    // A page after the last load: empty, no cursor.
    const past = await get(`/transporters/me/loads?status=OPEN&region=Northern&cursor=${b64([Math.max(...expected)])}`, driver.token);
    expect(past).toMatchObject({ status: 200, body: { data: [], nextCursor: null } });
  }, 120_000);
});

describe('the lines to count in, page after page', () => {
  it('join 230 paid lines into the whole list, by order line, 200 a page, and another warehouse sees none of them', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const template = await db().selectFrom('order_items').selectAll().where('id', '=', o.lines[0]!).executeTakeFirstOrThrow();
    const { id: _id, ...item } = template;
    const added: number[] = [];
    for (let i = 0; i < 228; i++) {
      const row = await db().insertInto('order_items').values({ ...item, product_name: `${item.product_name} ${i}` }).returning('id').executeTakeFirstOrThrow();
      await db().insertInto('consignment_lines').values({ order_item_id: row.id, consignment_id: o.consignment.id, received_at: null }).execute();
      added.push(row.id);
    }
    const ours = [...o.lines, ...added];
    const tamale = await tokenFor(shop.server, 'staff.tamale@akuafo.demo');
    const pages: any[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`/warehouse/lines${cursor ? `?cursor=${cursor}` : ''}`, tamale);
      expect(page.status).toBe(200);
      pages.push(page.body.data);
      cursor = page.body.nextCursor;
    } while (cursor !== null && pages.length < 10);
    expect(pages[0]).toHaveLength(200);
    const items = pages.flat().map((l: any) => l.itemId);
    expect(new Set(items).size).toBe(items.length);
    expect(items).toEqual([...items].sort((a, b) => a - b));
    expect(ours.every((id) => items.includes(id))).toBe(true);

    const first = await get('/warehouse/lines', tamale);
    const ho = await tokenFor(shop.server, 'staff.ho@akuafo.demo');
    const intruder = await get(`/warehouse/lines?cursor=${first.body.nextCursor}`, ho);
    expect(intruder.status).toBe(200);
    expect(intruder.body.data.some((l: any) => ours.includes(l.itemId))).toBe(false);
    expect(await get(`/warehouse/lines?cursor=${b64(['2026-11-01T08:00:00.000Z', 1])}`, tamale)).toMatchObject({ status: 400, body: { message: CURSOR_NOT_VALID } });
  }, 120_000);
});

describe('the operator’s transporters, page after page', () => {
  it('join 230 transporters registered at the same moments into the whole list, oldest first, none twice', async () => {
    const tied = ['2026-10-01T08:00:00.000Z', '2026-10-01T09:00:00.000Z', '2026-10-02T08:00:00.000Z'];
    for (let i = 0; i < 230; i++) {
      const user = await makeUser(shop.server, 'TRANSPORTER');
      await db()
        .insertInto('transporter_profiles')
        .values({ user_id: user.id, vehicle_type: 'VAN', capacity_kg: 800, plate_number: 'GR-2-26', ghana_card_number: 'GHA-000000002-2', region: 'Volta', payout_network: 'MTN', payout_number: '0244000002', status: 'PENDING', verified_at: null, rejection_reason: null, created_at: tied[(i * 7) % 3]!, updated_at: tied[0]! })
        .execute();
    }
    const expected = (await db().selectFrom('transporter_profiles').select(['user_id', 'created_at']).where('status', '=', 'PENDING').execute())
      .sort((a, b) => (a.created_at === b.created_at ? a.user_id - b.user_id : a.created_at < b.created_at ? -1 : 1))
      .map((p) => p.user_id);
    const admin = await adminToken(shop.server);
    const ids: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`/admin/transporters?status=PENDING${cursor ? `&cursor=${cursor}` : ''}`, admin);
      expect(page.status).toBe(200);
      ids.push(...page.body.data.map((p: any) => p.userId));
      sizes.push(page.body.data.length);
      cursor = page.body.nextCursor;
    } while (cursor !== null && ids.length < 1_000);
    expect(sizes[0]).toBe(200);
    expect(ids).toEqual(expected);
    expect(ids.length).toBeGreaterThanOrEqual(230);
    expect(await get('/admin/transporters?cursor=WzFd', admin)).toMatchObject({ status: 400, body: { message: CURSOR_NOT_VALID } });
  }, 120_000);
});
