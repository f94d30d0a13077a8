import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPriceQuery } from '../../src/server/modules/market-prices/sms';
import { gsmLength } from '../../src/server/platform/messages/sms-text';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 28.4: a price question by SMS, through either gateway, answered in one SMS through the outbox. */
const TOKEN = 'gateway-secret-token';
let server: TestServer;
// The demo's 12 weeks of trade take a while to seed on PostgreSQL on a busy machine.
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_HISTORY: 'demo', SMS_CALLBACK_TOKEN: TOKEN } });
}, 240_000);
afterAll(() => server.close());

const repliesTo = (to: string) => server.deps.db.selectFrom('messages').select(['body', 'topic']).where('channel', '=', 'sms').where('recipient', '=', to).orderBy('id').execute();
const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
let numbers = 0;
const freshNumber = () => `+23324${String(1_000_000 + numbers++ * 7919).padStart(7, '0')}`;

describe('inbound SMS price questions', () => {
  it("answers Africa's Talking's form post with this week's prices in one SMS, in the sender's region", async () => {
    const from = freshNumber();
    const res = await server.call(`/sms/inbound/africastalking?token=${TOKEN}`, { method: 'POST', ...form({ from, to: '1234', text: 'PRICE MAIZE', date: '2026-11-24 10:00:00', id: 'abc' }) });
    expect(res.status).toBe(200);
    const [reply] = await repliesTo(from);
    expect(reply!.body).toMatch(/^Akuafo Ghana this week: Maize 50 kg bag: paid GHS [\d,.]+, asking GHS [\d,.]+\./);
    expect(gsmLength(reply!.body)).toBeLessThanOrEqual(160);
  });

  it("answers Arkesel's JSON post, naming the commodity in words, for a buyer in their address's region", async () => {
    // The demo buyer's number and address (Greater Accra) are in the seed.
    const res = await server.call(`/sms/inbound/arkesel?token=${TOKEN}`, { method: 'POST', json: { sender: '233241234567', message: 'how much are tomatoes' } });
    expect(res.status).toBe(200);
    const replies = await repliesTo('+233241234567');
    expect(replies.at(-1)!.body).toMatch(/^Akuafo (Greater Accra|Ghana) this week: Tomatoes crate/);
  });

  it('refuses a missing or wrong token with 401 and sends nothing', async () => {
    const from = freshNumber();
    for (const path of ['/sms/inbound/arkesel', `/sms/inbound/arkesel?token=wrong`, `/sms/inbound/arkesel?token=${TOKEN}x`]) {
      const res = await server.call(path, { method: 'POST', json: { sender: from, message: 'PRICE MAIZE' } });
      expect(res.status).toBe(401);
    }
    expect(await repliesTo(from)).toHaveLength(0);
  });

  it('replies at most 5 times an hour to one number, even to 60 questions at once', async () => {
    const from = freshNumber();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => server.call(`/sms/inbound/africastalking?token=${TOKEN}`, { method: 'POST', ...form({ from, text: 'PRICE RICE' }) })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await repliesTo(from)).toHaveLength(5);
  });

  it('turns away what is not a question from a Ghana number, in words', async () => {
    const res = await server.call(`/sms/inbound/arkesel?token=${TOKEN}`, { method: 'POST', json: { sender: 'not-a-number', message: 'PRICE MAIZE' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/Ghana mobile/);
  });
});

describe('answerPriceQuery (also for the USSD menu)', () => {
  it('names several matches when the words fit several, and stays within one SMS', async () => {
    const text = await answerPriceQuery(server.deps.db, 'PRICE RICE', 'Ashanti');
    expect(text).toMatch(/^Akuafo Ashanti this week: Rice/);
    expect(gsmLength(text)).toBeLessThanOrEqual(160);
  });

  it('says how to ask when it cannot tell which produce is meant', async () => {
    const text = await answerPriceQuery(server.deps.db, 'PRICE SPACESHIP', null);
    expect(text).toMatch(/Send PRICE and a crop, e.g. PRICE MAIZE/);
    expect(gsmLength(text)).toBeLessThanOrEqual(160);
  });
});
