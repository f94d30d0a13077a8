import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
const PASSWORD = 'Akuafo#2026';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function login(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const response = await server.call('/auth/login', { method: 'POST', json: { email, password }, headers });
  return { status: response.status, body: (await response.json()) as any };
}
const refresh = async (refreshToken: string) => {
  const response = await server.call('/token/refresh', { method: 'POST', json: { refreshToken } });
  return { status: response.status, body: (await response.json()) as any };
};

describe('POST /auth/login', () => {
  it('answers tokens and the user', async () => {
    const { status, body } = await login('buyer@akuafo.demo');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresAt: expect.any(String) });
    expect(body.data.user).toEqual({ id: expect.any(Number), firstName: expect.any(String), lastName: expect.any(String), email: 'buyer@akuafo.demo', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null });
    const me = await server.deps.tokens.verifyAccessToken(body.data.accessToken);
    expect(me).toMatchObject({ id: body.data.user.id, userType: 'CUSTOMER' });
  });

  it('ignores the case of the e-mail', async () => {
    expect((await login('  Buyer@AKUAFO.demo ')).status).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login('reviewer1@akuafo.demo', 'Wrong#Pass1');
    const unknown = await login('nobody-here@akuafo.demo', 'Wrong#Pass1');
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body.message).toBe('Invalid email or password');
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('checks the payload', async () => {
    const bad = await login('not-an-email', 'x');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.email).toBe('Please enter a valid email address');
    const empty = await server.call('/auth/login', { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as any).fieldErrors).toMatchObject({ email: 'Email is required', password: 'Password is required' });
    const notJson = await server.call('/auth/login', { method: 'POST', body: 'x', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('refuses 429 after 10 failures for one e-mail, even from many addresses', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login('reviewer2@akuafo.demo', 'Wrong#Pass1', { 'x-forwarded-for': `10.0.0.${i}` })).status).toBe(401);
    }
    const blocked = await login('reviewer2@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.0.1.1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
  });

  it('refuses 429 after 10 failures from one address, for any e-mail', async () => {
    const from = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < 10; i++) expect((await login(`guess${i}@example.com`, 'Wrong#Pass1', from)).status).toBe(401);
    expect((await login('reviewer3@akuafo.demo', PASSWORD, from)).status).toBe(429);
    // Another address is not affected.
    expect((await login('reviewer3@akuafo.demo', PASSWORD, { 'x-forwarded-for': '192.0.2.78' })).status).toBe(200);
  });

  it('refuses an unverified account with 403 email_not_verified', async () => {
    await server.deps.db.updateTable('users').set({ is_email_verified: 0 }).where('email', '=', 'reviewer4@akuafo.demo').execute();
    const { status, body } = await login('reviewer4@akuafo.demo');
    expect(status).toBe(403);
    expect(body.code).toBe('email_not_verified');
    await server.deps.db.updateTable('users').set({ is_email_verified: 1 }).where('email', '=', 'reviewer4@akuafo.demo').execute();
  });
});

describe('POST /token/refresh', () => {
  it('rotates: the new token works, the old one is refused and kills the family', async () => {
    const first = (await login('reviewer5@akuafo.demo')).body.data;
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    expect(second.body.data).toMatchObject({ accessToken: expect.any(String), expiresAt: expect.any(String) });

    const third = await refresh(second.body.data.refreshToken);
    expect(third.status).toBe(200);

    // Someone replays the first token: refused, and the live descendant dies with it.
    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(401);
    expect((await refresh(third.body.data.refreshToken)).status).toBe(401);

    // Other sign-ins of the same user are untouched.
    const other = (await login('reviewer5@akuafo.demo')).body.data;
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refuses unknown and expired tokens', async () => {
    expect((await refresh('made-up-token')).status).toBe(401);
    const session = (await login('buyer@akuafo.demo')).body.data;
    await server.deps.db.updateTable('refresh_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('revoked_at', 'is', null).execute();
    const expired = await refresh(session.refreshToken);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Invalid or expired refresh token');
    expect((await server.call('/token/refresh', { method: 'POST', json: {} })).status).toBe(400);
  });
});

describe('POST /logout and /auth/sessions/revoke-others', () => {
  it('logout ends that sign-in only', async () => {
    const a = (await login('buyer@akuafo.demo')).body.data;
    const b = (await login('buyer@akuafo.demo')).body.data;
    const out = await server.call('/logout', { method: 'POST', json: { refreshToken: a.refreshToken } });
    expect(out.status).toBe(200);
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await refresh(b.refreshToken)).status).toBe(200);
    // Without a token (or a dead one) it still succeeds: signing out never fails.
    expect((await server.call('/logout', { method: 'POST', json: {} })).status).toBe(200);
  });

  it('revoke-others keeps the current sign-in and ends the rest', async () => {
    const here = (await login('reviewer1@akuafo.demo')).body.data;
    const phone = (await login('reviewer1@akuafo.demo')).body.data;
    const laptop = (await login('reviewer1@akuafo.demo')).body.data;
    const response = await server.call('/auth/sessions/revoke-others', { method: 'POST', token: here.accessToken, json: { refreshToken: here.refreshToken } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).data.revoked).toBeGreaterThanOrEqual(2);
    expect((await refresh(phone.refreshToken)).status).toBe(401);
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
    expect((await refresh(here.refreshToken)).status).toBe(200);
  });

  it('revoke-others needs sign-in and the caller\'s own token', async () => {
    const mine = (await login('reviewer1@akuafo.demo')).body.data;
    const theirs = (await login('buyer@akuafo.demo')).body.data;
    expect((await server.call('/auth/sessions/revoke-others', { method: 'POST', json: { refreshToken: mine.refreshToken } })).status).toBe(401);
    const foreign = await server.call('/auth/sessions/revoke-others', { method: 'POST', token: mine.accessToken, json: { refreshToken: theirs.refreshToken } });
    expect(foreign.status).toBe(400);
    expect((await refresh(theirs.refreshToken)).status).toBe(200);
  });
});
