import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createDeps } from '../../src/server/deps';
import { createLogger } from '../../src/server/platform/logging';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 21 items 1 and 12: the sign-in lockout, raced and turned against the owner. */
let server: TestServer;
const PASSWORD = 'Akuafo#2026';
const WRONG = 'Wrong#Pass1';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function login(email: string, password: string, headers: Record<string, string> = {}) {
  const response = await server.call('/auth/login', { method: 'POST', json: { email, password }, headers });
  return { status: response.status, cookie: response.headers.get('set-cookie'), retryAfter: response.headers.get('retry-after') };
}
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('parallel guesses against the lockout', () => {
  it('weighs at most 10 of 60 wrong passwords sent at once from 60 addresses; the rest are 429', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login('reviewer1@akuafo.demo', WRONG, { 'x-forwarded-for': `10.21.0.${i}` })));
    const statuses = answers.map((a) => a.status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(50);
    expect(answers.find((a) => a.status === 429)!.retryAfter).toMatch(/^\d+$/);
  });

  it('weighs at most 10 of 60 wrong passwords for 60 accounts sent at once from one address', async () => {
    const from = { 'x-forwarded-for': '10.21.1.1' };
    const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => login(`nobody${i}@example.com`, WRONG, from)))).map((a) => a.status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(50);
  });

  it('refuses the right password sent as number 80 of 100 parallel tries', async () => {
    const from = { 'x-forwarded-for': '10.21.2.1' };
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login('reviewer2@akuafo.demo', i === 79 ? PASSWORD : WRONG, from)));
    expect(answers[79]!.status).toBe(429);
    expect(count(answers.map((a) => a.status), 401)).toBe(10);
  });
});

// On SQLite one process keeps the counts in memory; a fleet shares PostgreSQL's rate_limits.
describe.skipIf(!process.env.DATABASE_URL)('parallel guesses spread over two instances on one PostgreSQL database', () => {
  it('weighs at most 10 of 60 wrong passwords in all', async () => {
    const { deps, close } = await createDeps(server.deps.config, createLogger('silent'), server.schema);
    const other = createApp(deps);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const app = i % 2 === 0 ? server.app : other;
          const response = await app.request('http://test.local/api/v1/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.21.9.${i}` },
            body: JSON.stringify({ email: 'fleet-target@example.com', password: WRONG }),
          });
          return response.status;
        }),
      );
      expect(count(statuses, 401)).toBe(10);
      expect(count(statuses, 429)).toBe(50);
    } finally {
      await close();
    }
  });
});

const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

describe('the owner during a lockout', () => {
  it('lets a device that signed in before keep signing in while strangers are locked out', async () => {
    const owner = { 'x-forwarded-for': '10.21.3.1' };
    const first = await login('reviewer3@akuafo.demo', PASSWORD, owner);
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/HttpOnly/i);
    expect(first.cookie).toMatch(/SameSite=Strict/i);
    const device = cookieOf(first.cookie);

    // An attacker burns the account's and the address's allowance, from the owner's own network too.
    await Promise.all(Array.from({ length: 12 }, () => login('reviewer3@akuafo.demo', WRONG, owner)));
    expect((await login('reviewer3@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.3.2' })).status).toBe(429);
    expect((await login('reviewer3@akuafo.demo', PASSWORD, owner)).status).toBe(429);

    // The owner's phone still signs in, from the locked address.
    expect((await login('reviewer3@akuafo.demo', PASSWORD, { ...owner, cookie: device })).status).toBe(200);
  });

  it('does not let a device cookie of one account, or an edited one, open another', async () => {
    const mine = await login('reviewer4@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.4.1' });
    const [name, value] = cookieOf(mine.cookie).split('=');
    const victim = await server.deps.db.selectFrom('users').select('id').where('email', '=', 'reviewer5@akuafo.demo').executeTakeFirstOrThrow();
    await Promise.all(Array.from({ length: 10 }, (_, i) => login('reviewer5@akuafo.demo', WRONG, { 'x-forwarded-for': `10.21.4.${i + 10}` })));
    const renamed = `${name!.replace(/\d+$/, String(victim.id))}=${value}`;
    expect((await login('reviewer5@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.4.2', cookie: renamed })).status).toBe(429);
    expect((await login('reviewer5@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.4.2', cookie: `${name}=${value!.slice(0, -2)}xx` })).status).toBe(429);
  });

  it('gives a known device its own 10 tries, so a stolen device cookie does not guess without limit', async () => {
    const first = await login('buyer@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.5.1' });
    const device = cookieOf(first.cookie);
    const statuses = (await Promise.all(Array.from({ length: 30 }, (_, i) => login('buyer@akuafo.demo', WRONG, { 'x-forwarded-for': `10.21.5.${i + 10}`, cookie: device })))).map((a) => a.status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(20);
    expect((await login('buyer@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.5.2', cookie: device })).status).toBe(429);
  });

  it('forgets known devices when the password changes', async () => {
    const first = await login('seller@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.6.1' });
    expect(first.status).toBe(200);
    await server.deps.db.updateTable('users').set({ password_changed_at: new Date().toISOString() }).where('email', '=', 'seller@akuafo.demo').execute();
    await Promise.all(Array.from({ length: 10 }, (_, i) => login('seller@akuafo.demo', WRONG, { 'x-forwarded-for': `10.21.6.${i + 10}` })));
    expect((await login('seller@akuafo.demo', PASSWORD, { 'x-forwarded-for': '10.21.6.1', cookie: cookieOf(first.cookie) })).status).toBe(429);
  });
});
