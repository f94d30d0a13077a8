import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPriceQuery } from '../../src/server/modules/market-prices/sms';
import { chooseLanguage } from '../../src/server/modules/ussd/phone-accounts';
import { gsmLength, SMS_LIMIT, SMS_TWO_PARTS } from '../../src/server/platform/messages/sms-text';
import { COMMODITY_NAMES } from '../../src/shared/reference/commodity-names';
import { SCREEN_LIMIT } from '../../src/server/modules/ussd/engine';
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
    // The demo's maize is sold by many sellers: its paid price is published beside the asking price.
    expect(reply!.body).toMatch(/^Akuafo Ghana this week: Maize 50 kg bag: paid GHS [\d,.]+, asking GHS [\d,.]+\./);
    expect(gsmLength(reply!.body)).toBeLessThanOrEqual(160);
  });

  it('gives only the asking price of a crop too few sellers sell, and says why', async () => {
    const from = freshNumber();
    await server.call(`/sms/inbound/africastalking?token=${TOKEN}`, { method: 'POST', ...form({ from, text: 'PRICE MILLET' }) });
    const [reply] = await repliesTo(from);
    // The demo's millet has one seller: too thin a market to publish its paid price (docs/security.md).
    expect(reply!.body).toMatch(/^Akuafo Ghana this week: Millet 50 kg bag: asking GHS [\d,.]+\. Asking only where under 3 sales or sellers\.$/);
    expect(reply!.body).not.toMatch(/paid/);
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
    // Ashanti's own figures, or the country's when Ashanti has none for rice this week (issue 37).
    expect(text).toMatch(/^Akuafo (Ashanti|Ghana) this week: Rice/);
    expect(gsmLength(text)).toBeLessThanOrEqual(160);
  });

  it('writes amounts of a thousand cedis and more with the thousands comma, whole or with pesewas', async () => {
    // The demo's one goat listing, asking GH₵ 1,234.50 (the price log follows by trigger).
    await server.deps.db.updateTable('products').set({ price_minor: 123_450 }).where('commodity_id', '=', 'goat-head').execute();
    const text = await answerPriceQuery(server.deps.db, 'PRICE GOAT', null);
    expect(text).toMatch(/^Akuafo Ghana this week: Goat head: asking GHS 1,234\.50\./);
    for (const amount of text.match(/GHS [\d,.]+\d/g)!) expect(amount).toMatch(/^GHS \d{1,3}(,\d{3})*\.\d\d$/);
  });

  it('says how to ask when it cannot tell which produce is meant', async () => {
    const text = await answerPriceQuery(server.deps.db, 'PRICE SPACESHIP', null);
    expect(text).toMatch(/Send PRICE and a crop, e.g. PRICE MAIZE/);
    expect(gsmLength(text)).toBeLessThanOrEqual(160);
  });
});

describe('a price answer in the asker’s language (issue 27 meets 28)', () => {
  it('answers a Twi account in Twi, plain letters, naming the crop in Twi, asked in Twi or English', async () => {
    const from = freshNumber();
    await chooseLanguage(server.deps.db, `0${from.slice(4)}`, 'ak');
    for (const text of ['PRICE ABUROW', 'aburow bo yɛ sɛn', 'PRICE MAIZE']) {
      const res = await server.call(`/sms/inbound/africastalking?token=${TOKEN}`, { method: 'POST', ...form({ from, text }) });
      expect(res.status).toBe(200);
    }
    const replies = await repliesTo(from);
    expect(replies).toHaveLength(3);
    for (const reply of replies) {
      expect(reply.body).toMatch(/^Akuafo Ghana nnawotwe yi: Aburow \(kotoku 50 kg\): wotoo GHS [\d,.]+, wobisa GHS [\d,.]+\./);
      expect(reply.body).not.toMatch(/Maize|paid|asking/);
      expect(gsmLength(reply.body)).toBeLessThanOrEqual(SMS_TWO_PARTS);
    }
  });

  it('answers a number without an account in the language of the crop name it wrote', async () => {
    const from = freshNumber();
    for (const text of ['PRICE BANKYE', 'PRICE CASSAVA']) {
      await server.call(`/sms/inbound/africastalking?token=${TOKEN}`, { method: 'POST', ...form({ from, text }) });
    }
    const [twi, english] = await repliesTo(from);
    expect(twi!.body).toMatch(/^Akuafo Ghana nnawotwe yi: Bankye \(kotoku kesee\): /);
    expect(english!.body).toMatch(/^Akuafo Ghana this week: Cassava maxi bag: /);
  });

  it('finds a crop by its Twi name with the special letters or without', async () => {
    for (const words of ['bayerɛ', 'BAYERE', 'PRICE BRODEE', 'brɔdeɛ']) {
      const text = await answerPriceQuery(server.deps.db, words, null, { language: 'en' });
      expect(text).toMatch(/^Akuafo Ghana this week: (Yam tuber|Plantain bunch)/);
    }
  });

  it('keeps every Twi answer within two SMS parts, and within one unless the first crop needs more, with the longest names and region', async () => {
    for (const [id, names] of Object.entries(COMMODITY_NAMES)) {
      const text = await answerPriceQuery(server.deps.db, `PRICE ${names.ak!.name}`, 'Greater Accra', { language: 'ak' });
      expect(text, id).toMatch(/^Akuafo (Greater Accra|Ghana) nnawotwe yi: /);
      expect(gsmLength(text), id).toBeLessThanOrEqual(SMS_TWO_PARTS);
      // Rice's two bags fit together in one part: no second part is spent on the extra match.
      if (id.startsWith('rice')) expect(gsmLength(text)).toBeLessThanOrEqual(SMS_LIMIT);
    }
  });

  it('says how to ask in Twi, with Twi examples', async () => {
    const text = await answerPriceQuery(server.deps.db, 'PRICE SPACESHIP', null, { language: 'ak' });
    expect(text).toMatch(/Kyerew PRICE ne nnobae din, te se PRICE ABUROW\. So hwe: ABUROW, EMO, AYUO, ATOKO\./);
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_LIMIT);
  });

  it('holds a USSD answer to one screen in either language', async () => {
    for (const language of ['en', 'ak']) {
      const text = await answerPriceQuery(server.deps.db, 'rice maize yam npk', 'Greater Accra', { language, limit: SCREEN_LIMIT });
      expect(gsmLength(text)).toBeLessThanOrEqual(SCREEN_LIMIT);
    }
  });
});
