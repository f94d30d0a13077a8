import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFUSALS } from '../../src/shared/i18n/api-refusals';
import { MESSAGES } from '../../src/shared/schemas/accounts';
import { makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Translated errors attacked (src/server/http/error-language.ts): forged Accept-Language and
 * akuafo-lang cookies of junk or 5 KB fall back to English with the same 4xx, never a 500;
 * sixty readers in two languages at once each get their own; another account's language
 * never leaks into a visitor's answer.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TWI = 'E-mail anaa ahintasɛm no nyɛ pɛpɛɛpɛ';
async function badLogin(headers: Record<string, string>) {
  const res = await server.call('/auth/login', { method: 'POST', json: { email: 'nobody-here@example.test', password: 'Wrong#2026x' }, headers });
  return { status: res.status, body: (await res.json()) as { message: string; code: string } };
}

describe('forged language headers', () => {
  it.each([
    ['a 5 KB Accept-Language', { 'accept-language': `${'x-junk;q=0.9,'.repeat(400)}ak` }],
    ['a 5 KB cookie', { cookie: `akuafo-lang=${'a'.repeat(5000)}` }],
    ['q values that are not numbers', { 'accept-language': 'ak;q=NaN, en;q=1e999, tw;q=-1' }],
    ['control characters and quotes', { 'accept-language': 'ak\t"\'<script>', cookie: 'akuafo-lang="ak"; akuafo-lang=ak%00' }],
    ['an empty cookie and header', { 'accept-language': '', cookie: 'akuafo-lang=' }],
    ['commas only', { 'accept-language': ',,,,;;;;q=,' }],
  ])('%s: a 401 with a sentence, never a 500', async (_name, headers) => {
    const answer = await badLogin(headers);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_credentials');
    expect([MESSAGES.invalidCredentials, TWI]).toContain(answer.body.message);
  });

  it('a cookie naming a language we do not speak is English word for word, whatever follows it', async () => {
    expect((await badLogin({ cookie: 'akuafo-lang=fr; akuafo-lang=ak' })).body.message).toBe(MESSAGES.invalidCredentials);
    expect((await badLogin({ cookie: 'akuafo-lang=__proto__' })).body.message).toBe(MESSAGES.invalidCredentials);
    expect((await badLogin({ cookie: 'akuafo-lang=constructor', 'accept-language': 'toString' })).body.message).toBe(MESSAGES.invalidCredentials);
  });

  it('sixty readers at once, half in Twi and half in English, each get their own language', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await server.call('/nothing-here', { headers: { 'accept-language': i % 2 ? 'ak' : 'en' } });
        return { status: res.status, body: (await res.json()) as { message: string } };
      }),
    );
    answers.forEach((a, i) => expect(a, `reader ${i}`).toEqual({ status: 404, body: { message: i % 2 ? 'Yɛnni saa API kwan yi' : expect.not.stringMatching(/Yɛ/), code: 'not_found' } }));
  });

  it('a Twi account\'s token is read for its own language only: a forged header does not move it, and a visitor is not given it', async () => {
    const twi = await makeUser(server);
    expect((await server.call('/shop/customers/me', { method: 'PATCH', token: twi.token, json: { language: 'ak' } })).status).toBe(200);
    const signed = await server.call('/auth/password/change', { method: 'POST', token: twi.token, json: {}, headers: { 'accept-language': 'en', cookie: 'akuafo-lang=en' } });
    expect(signed.status).toBe(400);
    expect(((await signed.json()) as { message: string }).message).not.toBe('Some of what you entered is not valid');
    const forgedToken = await server.call('/auth/password/change', { method: 'POST', headers: { authorization: `Bearer ${twi.token}x` }, json: {} });
    expect(forgedToken.status).toBe(401);
    // A forged token is nobody's: the account's language is not read for it.
    expect(((await forgedToken.json()) as { message: string }).message).toBe(API_REFUSALS.unauthorizedToken);
  });
});
