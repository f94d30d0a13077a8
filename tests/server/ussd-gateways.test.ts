import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createDeps } from '../../src/server/deps';
import { createLogger } from '../../src/server/platform/logging';
import { adminToken } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { makeUser } from '../support/shop';
import { atCallback, choiceFor, dial, freshCaller } from '../support/ussd';

const TOKEN = 'gateway-shared-secret-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { USSD_CALLBACK_TOKEN: TOKEN } });
});
afterAll(() => server?.close());

const sessionsOf = (phone: string) => server.deps.db.selectFrom('ussd_sessions').select('session_key').where('phone', '=', `0${phone.slice(4)}`).execute();

describe('only the gateway may call', () => {
  it('refuses a callback without the token, or with a wrong one, and keeps nothing of it', async () => {
    const phone = freshCaller();
    for (const query of ['', '?token=', '?token=wrong', `?token=${TOKEN}x`, `?token=${TOKEN.slice(0, -1)}`, `?tok=${TOKEN}`]) {
      const screen = await atCallback(server, { sessionId: `forged${query}`, phoneNumber: phone, text: '' }, query);
      expect(screen.status).toBe(401);
    }
    // A forged confirm in a burst, as an attacker would send it: nothing is placed.
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => atCallback(server, { sessionId: `burst${i}`, phoneNumber: phone, text: '1*1*1*1*1*1' }, '?token=guess')));
    expect(burst.every((s) => s.status === 401)).toBe(true);
    expect(await sessionsOf(phone)).toHaveLength(0);
    expect(await server.deps.db.selectFrom('phone_accounts').select('phone').where('phone', '=', `0${phone.slice(4)}`).execute()).toHaveLength(0);

    const call = dial(server, phone, `?token=${TOKEN}`);
    expect((await call.press()).text).toContain('1. Buy');
    expect(await sessionsOf(phone)).toHaveLength(1);
  });

  it('answers a request that is not a gateway callback with a sentence and 400', async () => {
    const res = await server.call(`/ussd/africastalking?token=${TOKEN}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'text=1' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/sessionId/);
  });

  it('tells a number outside Ghana that the service is for Ghana numbers', async () => {
    const screen = await atCallback(server, { sessionId: 'abroad', phoneNumber: '+447700900123', text: '' }, `?token=${TOKEN}`);
    expect(screen.kind).toBe('END');
    expect(screen.text).toContain('Ghana');
  });
});

describe('the operator console phone (/admin/ussd)', () => {
  it('drives the same menus for an operator without the gateway token; anyone else is refused', async () => {
    const form = (text: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ sessionId: 'sim-1', serviceCode: '*920*44#', phoneNumber: '0241234567', networkCode: 'x', text })) f.set(k, v);
      return f;
    };
    const admin = await adminToken(server);
    const first = await server.call('/admin/ussd', { method: 'POST', body: form(''), token: admin });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: { text: string; end: boolean } }).data).toMatchObject({ end: false, text: expect.stringContaining('1. Buy') });
    const help = (await (await server.call('/admin/ussd', { method: 'POST', body: form('5'), token: admin })).json()) as { data: { text: string } };
    expect(help.data.text).toContain('pickup code');
    const buyer = await makeUser(server);
    expect((await server.call('/admin/ussd', { method: 'POST', body: form(''), token: buyer.token })).status).toBe(403);
    expect((await server.call('/admin/ussd', { method: 'POST', body: form('') })).status).toBe(401);
  });
});

describe("Arkesel's format, through the same menus", () => {
  it('reads sessionID/msisdn/userData/newSession and answers message/continueSession', async () => {
    const msisdn = `233${freshCaller().slice(4)}`;
    const post = async (userData: string, newSession: boolean) => {
      const res = await server.call(`/ussd/arkesel?token=${TOKEN}`, { method: 'POST', json: { sessionID: 'ark-1', userID: 'akuafo', newSession, msisdn, userData, network: 'MTN' } });
      expect(res.status).toBe(200);
      return (await res.json()) as { sessionID: string; userID: string; msisdn: string; message: string; continueSession: boolean };
    };
    const first = await post('*920*44#', true);
    expect(first).toMatchObject({ sessionID: 'ark-1', userID: 'akuafo', msisdn, continueSession: true });
    expect(first.message).toContain('1. Buy');
    const help = await post('5', false);
    expect(help.message).toContain('pickup code');
    const back = await post('0', false);
    expect(back.message).toContain('1. Buy');
    const wrong = await post('abc', false);
    expect(wrong.message).toContain('Please reply with a number');
    expect(wrong.continueSession).toBe(true);
  });
});

describe('a fleet: two instances answer alternate steps of one session', () => {
  it.runIf(Boolean(server?.schema) || Boolean(process.env.DATABASE_URL))('keeps the session in the database', async () => {
    // A second instance over the same database (PostgreSQL schema), with its own app and caches.
    const { deps: otherDeps, close } = await createDeps(server.deps.config, createLogger('silent'), server.schema);
    try {
      const other = createApp(otherDeps);
      const instances = [server.app, other];
      const phone = freshCaller();
      const answers: string[] = [];
      let step = 0;
      const press = async (input?: string) => {
        if (input !== undefined) answers.push(input);
        const form = new URLSearchParams({ sessionId: 'fleet-1', serviceCode: '*920*44#', phoneNumber: phone, networkCode: '62001', text: answers.join('*') });
        const app = instances[step++ % 2]!;
        const res = await app.request(`http://test.local/api/v1/ussd/africastalking?token=${TOKEN}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
        expect(res.status).toBe(200);
        return { status: 200, body: '', kind: '', text: (await res.text()).slice(4) };
      };
      await press();
      let screen = await press('1');
      while (!screen.text.includes('Ashanti')) screen = await press('98');
      screen = await press(choiceFor(screen, 'Ashanti'));
      screen = await press(choiceFor(screen, 'Tubers'));
      screen = await press('1');
      expect(screen.text).toContain('How many?');
      screen = await press('1');
      screen = await press('1');
      expect(screen.text).toContain('Total GHS');
      screen = await press('1');
      expect(screen.text).toContain('SANDBOX');
      screen = await press('1');
      expect(screen.text).toContain('Paid');
    } finally {
      await close();
    }
  });
});
