import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_KEY, readLocalProfile, refreshProfile, signIn, updateProfile } from '../../src/local/account';
import { ApiError, createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { replayOutbox } from '../../src/local/outbox';
import { signOut } from '../../src/local/sign-out';
import { SESSION_EXPIRED_MESSAGE, createSessionAuth, readSession, saveSession } from '../../src/local/session';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: AkuafoDb;
const PASSWORD = 'Akuafo#2026';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`session-${Math.random()}`);
  await db.open();
});

/** The ApiError a call must end with. */
const failureOf = (call: Promise<unknown>): Promise<ApiError> =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: ApiError) => error,
  );

/** The app's wiring: a plain client for refresh, and the session-aware one for everything else. */
function wire(options: { fetch?: typeof fetch } = {}) {
  const plain = createApiClient({ origin: 'http://test.local', fetch: options.fetch ?? server.fetch });
  const expired: string[] = [];
  let refreshes = 0;
  const auth = createSessionAuth(
    async (refreshToken) => {
      refreshes += 1;
      return (await plain.post<{ data: { accessToken: string; expiresAt: string; refreshToken: string } }>('token/refresh', { refreshToken })).data;
    },
    (message) => expired.push(message),
    db,
  );
  const api = createApiClient({ origin: 'http://test.local', fetch: options.fetch ?? server.fetch, auth });
  return { api, plain, expired, refreshes: () => refreshes };
}

describe('createSessionAuth against the real API', () => {
  it('refreshes once for many calls that meet a dead access token, then retries them', async () => {
    const { api, plain, refreshes, expired } = wire();
    const session = await signIn(plain, 'reviewer1@akuafo.demo', PASSWORD, db);
    await saveSession({ ...session, accessToken: 'not-a-valid-token' }, db);

    const answers = await Promise.all([1, 2, 3].map(() => api.get<{ data: { user: { email: string } } }>('shop/customers/me')));
    expect(answers.map((a) => a.data.user.email)).toEqual(Array(3).fill('reviewer1@akuafo.demo'));
    expect(refreshes()).toBe(1);
    expect(expired).toEqual([]);
    const stored = await readSession(db);
    expect(stored?.accessToken).not.toBe('not-a-valid-token');
    expect(stored?.refreshToken).not.toBe(session.refreshToken); // rotated
  });

  it('clears the session and reports expiry when the refresh token is refused', async () => {
    const { api, plain, expired } = wire();
    const session = await signIn(plain, 'reviewer2@akuafo.demo', PASSWORD, db);
    await plain.post('logout', { refreshToken: session.refreshToken });
    await saveSession({ ...session, accessToken: 'not-a-valid-token' }, db);
    const failure = await failureOf(api.get('shop/customers/me'));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(401);
    expect(expired).toEqual([SESSION_EXPIRED_MESSAGE]);
    expect(await readSession(db)).toBeUndefined();
  });

  it('keeps the session when the network is down (offline users stay signed in)', async () => {
    const online = wire();
    const session = await signIn(online.plain, 'reviewer3@akuafo.demo', PASSWORD, db);
    await saveSession({ ...session, accessToken: 'not-a-valid-token' }, db);
    let down = false;
    const flaky: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (down && url.includes('token/refresh')) return Promise.reject(new TypeError('Failed to fetch'));
      return server.fetch(input, init);
    };
    const { api, expired } = wire({ fetch: flaky });
    down = true;
    const failure = await failureOf(api.get('shop/customers/me'));
    expect(failure.status).toBe(401);
    expect(expired).toEqual([]);
    expect((await readSession(db))?.refreshToken).toBe(session.refreshToken);
    down = false;
    expect((await api.get<{ data: { user: { email: string } } }>('shop/customers/me')).data.user.email).toBe('reviewer3@akuafo.demo');
  });
});

describe('account data layer', () => {
  it('signIn refuses an answer without tokens and user', async () => {
    const fake: typeof fetch = async () => new Response(JSON.stringify({ data: { accessToken: 'x' } }), { headers: { 'content-type': 'application/json' } });
    const api = createApiClient({ origin: 'http://test.local', fetch: fake });
    await expect(signIn(api, 'a@b.co', 'x', db)).rejects.toThrow('Invalid login response');
    expect(await readSession(db)).toBeUndefined();
  });

  // Changed deliberately (issue 21.14): queued changes used to be dropped unsent; now they are sent first.
  it('signOut sends queued changes first, forgets the session, cart and profile, and ends the refresh token', async () => {
    const { api, plain } = wire();
    const session = await signIn(plain, 'reviewer4@akuafo.demo', PASSWORD, db);
    await refreshProfile(api, db);
    await db.cart.put({ productId: 1, quantity: 2, name: 'Yam', imageUrl: null, price: 10, updatedAt: new Date().toISOString() });
    await updateProfile({ firstName: 'Queued' }, db);
    const result = await signOut(api, db);
    expect(result.signedOut).toBe(true);
    if (result.signedOut) await result.serverTold;
    const fresh = await signIn(plain, 'reviewer4@akuafo.demo', PASSWORD, new AkuafoDb(`other-${Math.random()}`));
    expect(fresh.user.firstName).toBe('Queued');
    expect(await readSession(db)).toBeUndefined();
    expect(await db.cart.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get(PROFILE_KEY)).toBeUndefined();
    const refused = await failureOf(plain.post('token/refresh', { refreshToken: session.refreshToken }));
    expect(refused.status).toBe(401);
  });

  // Names only: an e-mail or phone change needs the password and the network (issue 21.6),
  // so it never waits in the outbox (tests/web/contact-change.test.tsx).
  it('profile edits show at once, go through the outbox, and the server truth comes back', async () => {
    const { api, plain } = wire();
    await signIn(plain, 'reviewer5@akuafo.demo', PASSWORD, db);
    await refreshProfile(api, db);
    await updateProfile({ firstName: 'Adwoa' }, db);
    // Applied locally before anything was sent.
    expect((await readLocalProfile(db))?.user.firstName).toBe('Adwoa');
    const entry = await db.outbox.toCollection().first();
    expect(entry).toMatchObject({ entity: 'profile:me', method: 'PATCH', path: 'shop/customers/me' });

    const result = await replayOutbox(api, db);
    expect(result.sent).toBe(1);
    const server_ = await server.deps.db.selectFrom('users').selectAll().where('email', '=', 'reviewer5@akuafo.demo').executeTakeFirstOrThrow();
    expect(server_.first_name).toBe('Adwoa');
    expect((await readSession(db))?.user.firstName).toBe('Adwoa');

    // A refused edit (a name past the limit) restores what the server holds.
    await updateProfile({ lastName: 'z'.repeat(51) }, db);
    expect((await readLocalProfile(db))?.user.lastName).toBe('z'.repeat(51));
    const refused = await replayOutbox(api, db);
    expect(refused.failed).toBe(1);
    expect((await readLocalProfile(db))?.user.lastName).toBe('Osei');
    expect((await db.outbox.toCollection().first())?.error).toBe('Last name cannot exceed 50 characters');
  });
});
