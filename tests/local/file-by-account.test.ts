import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { mayReview, type CachedDetail } from '../../src/local/catalogue-detail';
import { AkuafoDb, getMeta } from '../../src/local/db';
import { localOrdersPage } from '../../src/local/orders';
import { earningsKey, profileKey } from '../../src/local/sellers';

/**
 * Upgrade 3 (src/local/file-by-account.ts): a phone that kept personal data under the account's
 * e-mail (version 2) has it under the account's id once the new app opens its database, and what
 * it cannot place (no session, another e-mail's leftovers) is gone.
 */
const V2_STORES = {
  products: 'id, category, price, createdAt, updatedAt, version, isFeatured, region, condition',
  productDetails: 'id',
  meta: 'key',
  cart: 'productId',
  orders: 'id, orderNumber, createdAt',
  drafts: '++localId, kind, updatedAt',
  outbox: '++seq, &id, entity, status',
  session: 'key',
  marketPriceRows: 'key, region, id',
};

const KOFI = { id: 42, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@akuafo.demo', userType: 'SELLER', profileImage: null, passwordChangedAt: null };
const order = (id: number, owner: string) => ({ id, orderNumber: `ORD-2026-00000${id}`, createdAt: `2026-11-2${id}T10:00:00.000Z`, data: { id, orderNumber: `ORD-2026-00000${id}`, createdAt: `2026-11-2${id}T10:00:00.000Z`, owner } });
const detail = (id: number, cachedFor: string) => ({ id, name: `Product ${id}`, canReview: true, cachedAt: '2026-11-20T10:00:00.000Z', cachedFor });

/** Writes a version-2 database as the previous app left it, signed in as `user` (or no one). */
async function phoneAtVersion2(name: string, user: typeof KOFI | undefined) {
  const old = new Dexie(name);
  old.version(2).stores(V2_STORES);
  await old.open();
  if (user) await old.table('session').bulkPut([{ key: 'accessToken', value: 'a' }, { key: 'refreshToken', value: 'r' }, { key: 'user', value: user }]);
  await old.table('orders').bulkPut([order(1, 'kofi@akuafo.demo'), order(2, 'left.behind@akuafo.demo')]);
  await old.table('meta').bulkPut([
    { key: 'seller.profile:kofi@akuafo.demo', value: { value: { businessName: 'Kofi Farms' } } },
    { key: 'seller.earnings:kofi@akuafo.demo', value: { value: { available: 12.5 } } },
    { key: 'seller.orders:kofi@akuafo.demo:all:1', value: { value: { data: [] } } },
    { key: 'seller.submissions.last:kofi@akuafo.demo', value: { data: [] } },
    { key: 'seller.profile:left.behind@akuafo.demo', value: { value: { businessName: 'Someone else' } } },
    { key: 'catalogue.cursor', value: 77 },
  ]);
  await old.table('outbox').add({ id: 'k1', entity: 'seller-profile:kofi@akuafo.demo', method: 'PUT', path: 'sellers/me', body: {}, status: 'pending', attempts: 0, createdAt: '2026-11-20T10:00:00.000Z', owner: 42 });
  await old.table('productDetails').bulkPut([detail(5, 'kofi@akuafo.demo'), detail(6, 'left.behind@akuafo.demo')]);
  old.close();
}

describe('upgrading the phone\'s database to file personal data under the account id', () => {
  it('moves the signed-in account\'s rows from its e-mail to its id and drops what is not theirs', async () => {
    const name = `upgrade-${Math.random()}`;
    await phoneAtVersion2(name, KOFI);
    const db = new AkuafoDb(name);
    await db.open();

    expect((await localOrdersPage(1, 10, db)).data.map((o) => [o.id, o.owner])).toEqual([[1, 42]]);
    expect(await db.orders.get(2)).toBeUndefined();
    expect(await getMeta(profileKey(42), db)).toMatchObject({ value: { businessName: 'Kofi Farms' } });
    expect(await getMeta(earningsKey(42), db)).toMatchObject({ value: { available: 12.5 } });
    const keys = (await db.meta.toCollection().primaryKeys()).sort();
    expect(keys).toEqual(['catalogue.cursor', 'seller.earnings:42', 'seller.orders:42:all:1', 'seller.profile:42', 'seller.submissions.last:42']);
    expect((await db.outbox.toArray()).map((e) => e.entity)).toEqual(['seller-profile:42']);
    expect(mayReview((await db.productDetails.get(5)) as CachedDetail, 42)).toBe(true);
    const other = (await db.productDetails.get(6)) as CachedDetail;
    expect([other.canReview, other.cachedFor]).toEqual([false, undefined]);
    db.close();
  });

  it('a phone-only account\'s rows (e-mail \'\') move to its id, not to whoever else had none', async () => {
    const name = `upgrade-phone-${Math.random()}`;
    await phoneAtVersion2(name, { ...KOFI, id: 43, email: '' });
    const old = new Dexie(name);
    old.version(2).stores(V2_STORES);
    await old.table('meta').bulkPut([{ key: 'seller.profile:', value: { value: { businessName: 'Phone Farms' } } }, { key: 'seller.orders::all:1', value: { value: { data: [] } } }]);
    old.close();

    const db = new AkuafoDb(name);
    await db.open();
    expect(await getMeta(profileKey(43), db)).toMatchObject({ value: { businessName: 'Phone Farms' } });
    expect(await getMeta('seller.orders:43:all:1', db)).toBeTruthy();
    // Kofi's e-mail rows are not the phone-only account's.
    expect((await db.meta.toCollection().primaryKeys()).sort()).toEqual(['catalogue.cursor', 'seller.orders:43:all:1', 'seller.profile:43']);
    expect(await db.orders.count()).toBe(0);
    db.close();
  });

  it('with no one signed in, keeps none of the e-mail-filed personal rows, and the catalogue stays', async () => {
    const name = `upgrade-none-${Math.random()}`;
    await phoneAtVersion2(name, undefined);
    const db = new AkuafoDb(name);
    await db.open();
    expect(await db.orders.count()).toBe(0);
    expect(await db.meta.toCollection().primaryKeys()).toEqual(['catalogue.cursor']);
    expect(await db.productDetails.filter((d) => (d as CachedDetail).cachedFor !== undefined).count()).toBe(0);
    db.close();
  });
});
