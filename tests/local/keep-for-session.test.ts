import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb, getMeta } from '../../src/local/db';
import { refreshOrders } from '../../src/local/orders';
import { earningsKey, refreshSellerEarnings } from '../../src/local/sellers';
import { createSessionAuth, keepForSession, readSession, saveSession, type Session, type SessionUser } from '../../src/local/session';
import { forgetPersonalData } from '../../src/local/sign-out';

/**
 * keepForSession writes an answer only for the sign-in that asked. The old match (user id OR
 * e-mail) let an answer through to another person: every phone-only account's e-mail is '', an
 * address can pass from one account to another, and the same person signing in again is a new
 * sign-in whose data the sign-out wiped. Answers are held at the phone's door to land late.
 */
let db: AkuafoDb;
beforeEach(async () => {
  db = new AkuafoDb(`keep-${Math.random()}`);
  await db.open();
});

const user = (id: number, email: string, userType: SessionUser['userType'] = 'SELLER'): SessionUser => ({ id, firstName: 'Ama', lastName: 'Owusu', email, userType, profileImage: null, passwordChangedAt: null });
const signInAs = (u: SessionUser, token = `refresh-${Math.random()}`) => saveSession({ accessToken: `access-${u.id}`, refreshToken: token, user: u }, db);

/** A client whose one answer (`body`) waits until released, after the request went out. */
function heldClient(body: unknown) {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (reached = resolve));
  const client = createApiClient({
    origin: 'http://test.local',
    fetch: (async () => {
      reached();
      await gate;
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch,
    auth: { accessToken: async () => (await readSession(db))?.accessToken, refresh: async () => false },
  });
  return { client, release, requested };
}

const EARNINGS = { data: { heldPesewasLabel: 'A\'s money', available: 812.5 } };

describe('an answer lands after the phone changed hands', () => {
  it('a phone-only seller\'s earnings do not land on the next phone-only seller (both e-mails are \'\')', async () => {
    await signInAs(user(1, ''));
    const { client, release, requested } = heldClient(EARNINGS);
    const read = refreshSellerEarnings(client, 1, db);
    await requested;
    await forgetPersonalData(db);
    await signInAs(user(2, ''));
    release();
    await read;
    expect(await getMeta(earningsKey(1), db)).toBeUndefined();
    expect(await getMeta(earningsKey(2), db)).toBeUndefined();
  });

  it('an e-mail that passed to another account does not carry the first account\'s answer', async () => {
    await signInAs(user(1, 'kofi@akuafo.demo'));
    const { client, release, requested } = heldClient(EARNINGS);
    const read = refreshSellerEarnings(client, 1, db);
    await requested;
    await forgetPersonalData(db);
    await signInAs(user(2, 'kofi@akuafo.demo'));
    release();
    await read;
    expect(await getMeta(earningsKey(1), db)).toBeUndefined();
    expect(await getMeta(earningsKey(2), db)).toBeUndefined();
  });

  it('the same person signing out and in again is a new sign-in: the old answer is dropped', async () => {
    await signInAs(user(7, 'esi@akuafo.demo', 'CUSTOMER'));
    const order = { id: 1, orderNumber: 'ORD-2026-000001', createdAt: '2026-11-20T10:00:00.000Z', status: 'PENDING', items: [] };
    const { client, release, requested } = heldClient({ data: [order], pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 } });
    const read = refreshOrders(client, 1, 10, db);
    await requested;
    await forgetPersonalData(db);
    await signInAs(user(7, 'esi@akuafo.demo', 'CUSTOMER'));
    release();
    await read;
    expect(await db.orders.count()).toBe(0);
  });
});

describe('the sign-in that asked still gets its answer', () => {
  it('across a token refresh while the request was out', async () => {
    await signInAs(user(3, 'yaw@akuafo.demo'));
    const { client, release, requested } = heldClient(EARNINGS);
    const read = refreshSellerEarnings(client, 3, db);
    await requested;
    const auth = createSessionAuth(async () => ({ accessToken: 'access-new', refreshToken: 'refresh-new' }), () => undefined, db);
    expect(await auth.refresh()).toBe(true);
    expect((await readSession(db))?.refreshToken).toBe('refresh-new');
    release();
    await read;
    expect(await getMeta(earningsKey(3), db)).toMatchObject({ value: EARNINGS.data });
  });

  it('a session kept before sign-in ids were is told apart by its refresh token', async () => {
    const legacy = (refreshToken: string): Session => ({ accessToken: 'a', refreshToken, user: user(4, '') });
    const write = async () => 'kept';
    await db.session.bulkPut([
      { key: 'accessToken', value: 'a' },
      { key: 'refreshToken', value: 'r1' },
      { key: 'user', value: user(4, '') },
    ]);
    expect(await keepForSession(db, legacy('r1'), [], write)).toBe('kept');
    expect(await keepForSession(db, legacy('r0'), [], write)).toBeUndefined();
    expect(await keepForSession(db, undefined, [], write)).toBeUndefined();
  });
});
