import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/modules/admin/bootstrap';
import { createLogger } from '../../src/server/platform/logging';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const logger = createLogger('silent');
const PASSWORD = 'Akuafo#2026';
async function signIn(email: string, password = PASSWORD) {
  const response = await server.call('/auth/login', { method: 'POST', json: { email, password } });
  return { status: response.status, body: (await response.json()) as any };
}
async function refresh(refreshToken: string) {
  const response = await server.call('/token/refresh', { method: 'POST', json: { refreshToken } });
  return { status: response.status, body: (await response.json()) as any };
}
const roleOf = async (email: string) => (await server.deps.db.selectFrom('users').select('user_type').where('email', '=', email).executeTakeFirstOrThrow()).user_type;

describe('the operator bootstrap (ADMIN_EMAIL, admin:create)', () => {
  it('refuses to make an existing buyer the operator, says what to do, and leaves the account as it was', async () => {
    // The attack: a buyer holds the address the operator is about to configure.
    const buyer = await signIn('reviewer1@akuafo.demo');
    expect(buyer.status).toBe(200);
    const attempt = ensureAdmin(server.deps.db, { email: 'Reviewer1@akuafo.demo', password: 'Operator#2026' }, logger);
    await expect(attempt).rejects.toThrow(/already belongs to a buyer account.*never made an operator.*--promote reviewer1@akuafo\.demo/);
    expect(await roleOf('reviewer1@akuafo.demo')).toBe('CUSTOMER');
    const refreshed = await refresh(buyer.body.data.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.user.userType).toBe('CUSTOMER');
    // The buyer's own password still works: nothing was re-keyed.
    expect((await signIn('reviewer1@akuafo.demo')).body.data.user.userType).toBe('CUSTOMER');
  });

  it('refuses a seller account the same way', async () => {
    await expect(ensureAdmin(server.deps.db, { email: 'seller@akuafo.demo', password: 'Operator#2026' }, logger)).rejects.toThrow(/seller account/);
    expect(await roleOf('seller@akuafo.demo')).toBe('SELLER');
  });

  it('promotes only when asked, and the promotion ends every session the account had', async () => {
    const before = await signIn('reviewer2@akuafo.demo');
    const otherDevice = await signIn('reviewer2@akuafo.demo');
    await ensureAdmin(server.deps.db, { email: 'reviewer2@akuafo.demo', password: 'Operator#2026' }, logger, { promote: true });
    expect(await roleOf('reviewer2@akuafo.demo')).toBe('ADMIN');
    for (const session of [before, otherDevice]) {
      expect((await refresh(session.body.data.refreshToken)).status).toBe(401);
      // The access tokens end with their sign-ins (the per-request session check).
      expect((await server.call('/shop/customers/me', { token: session.body.data.accessToken })).status).toBe(401);
    }
    // The old (customer's) password is gone; the operator signs in with the one given.
    expect((await signIn('reviewer2@akuafo.demo')).status).toBe(401);
    const operator = await signIn('reviewer2@akuafo.demo', 'Operator#2026');
    expect(operator.body.data.user.userType).toBe('ADMIN');
  });

  it('creates a new operator, keeps its sessions across restarts, and signs it out when its password is replaced', async () => {
    await ensureAdmin(server.deps.db, { email: 'ops@akuafo.test', password: 'Operator#2026' }, logger);
    const session = await signIn('ops@akuafo.test', 'Operator#2026');
    expect(session.body.data.user.userType).toBe('ADMIN');
    // A restart with the same settings changes nothing.
    await ensureAdmin(server.deps.db, { email: 'ops@akuafo.test', password: 'Operator#2026' }, logger);
    const kept = await refresh(session.body.data.refreshToken);
    expect(kept.status).toBe(200);
    await ensureAdmin(server.deps.db, { email: 'ops@akuafo.test', password: 'Operator#2027' }, logger);
    expect((await refresh(kept.body.data.refreshToken)).status).toBe(401);
    expect((await signIn('ops@akuafo.test', 'Operator#2027')).status).toBe(200);
  });
});
