import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ak } from '../../src/shared/i18n/catalogues/ak';
import { API_REFUSALS } from '../../src/shared/i18n/api-refusals';
import { makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A token the server did not make (forged, edited, signed with another key) or one past its
 * time is refused in the reader's words: a sentence from the API's table, in Twi for a Twi
 * reader (cookie or Accept-Language: a forged token names nobody whose language could be read).
 * It used to be the bare English word "Unauthorized" for everyone.
 */
let server: TestServer;
let real: string;
beforeAll(async () => {
  server = await startTestServer();
  real = (await makeUser(server)).token;
});
afterAll(() => server.close());

const twiOf = (key: keyof typeof API_REFUSALS) => (ak as Record<string, string>)[`api.${key}`];
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const forgeries: [string, () => Promise<string>][] = [
  ['garbage', async () => 'not.a.token'],
  ['role edited', async () => { const [h, p, s] = real.split('.'); return `${h}.${b64({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), typ: 'ADMIN' })}.${s}`; }],
  ['another key', () => new SignJWT({ typ: 'ADMIN' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'))],
];
const READERS = { twiHeader: { 'accept-language': 'ak' }, twiCookie: { cookie: 'akuafo-lang=ak' }, english: { 'accept-language': 'en' } };

async function refusal(token: string, headers: Record<string, string>) {
  const res = await server.call('/shop/customers/me', { headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { message: string; code: string } };
}

describe('a refused token in the reader\'s language', () => {
  it('has Twi in the table, and the English is a sentence, not the status word', () => {
    expect(API_REFUSALS.unauthorizedToken).not.toBe('Unauthorized');
    expect(API_REFUSALS.unauthorizedToken).toMatch(/^[A-Z].+\.$/);
    expect(twiOf('unauthorizedToken')).not.toBe(API_REFUSALS.unauthorizedToken);
    expect(twiOf('unauthorizedToken')).not.toBe('Wonni kwan'); // "you have no right": not what happened
  });

  it.each(forgeries)('%s: 401 unauthorized, in Twi by header or cookie, in English otherwise', async (_name, make) => {
    const token = await make();
    for (const headers of [READERS.twiHeader, READERS.twiCookie]) {
      expect(await refusal(token, headers)).toEqual({ status: 401, body: { message: twiOf('unauthorizedToken'), code: 'unauthorized' } });
    }
    const english = await refusal(token, READERS.english);
    expect(english).toEqual({ status: 401, body: { message: API_REFUSALS.unauthorizedToken, code: 'unauthorized' } });
    expect(english.body.message).not.toMatch(/^Unauthorized$/);
  });

  it('an expired token: token_expired, in the reader\'s words', async () => {
    const user = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString()) as { sub: string };
    const secret = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256');
    const past = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ typ: 'CUSTOMER' }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.sub).setIssuedAt(past - 3600).setExpirationTime(past - 60).sign(secret);
    expect(await refusal(expired, READERS.twiHeader)).toEqual({ status: 401, body: { message: twiOf('sessionExpired'), code: 'token_expired' } });
    expect(await refusal(expired, READERS.english)).toEqual({ status: 401, body: { message: API_REFUSALS.sessionExpired, code: 'token_expired' } });
  });

  it('sixty forged tokens at once, half Twi readers, half English: each gets their own, none a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => refusal(`forged.${i}.token`, i % 2 ? READERS.twiHeader : READERS.english)));
    answers.forEach((a, i) => expect(a, `reader ${i}`).toEqual({ status: 401, body: { message: i % 2 ? twiOf('unauthorizedToken') : API_REFUSALS.unauthorizedToken, code: 'unauthorized' } }));
  });
});
