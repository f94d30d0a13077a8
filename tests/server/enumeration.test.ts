import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21 item 11: the code checks told which e-mails have accounts. Every probe here is
 * sent for a real account and for an unknown address; the answers must be the same.
 */
let server: TestServer;
let n = 0;
/** Each probe from its own address, so only the per-account counts are in play. */
const from = () => ({ 'x-forwarded-for': `10.11.${Math.floor(n / 250)}.${n++ % 250}` });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function post(path: string, json: unknown, headers: Record<string, string> = from()) {
  const response = await server.call(path, { method: 'POST', json, headers });
  return { status: response.status, body: (await response.json()) as any };
}
/** Six wrong codes in a row: what a prober sees. */
async function probe(path: string, field: 'contact' | 'email', email: string) {
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await post(path, { [field]: email, otp: '000000' }));
  return answers;
}
const codeFor = (email: string) => /code is (\d{6})|this code on the password reset page: (\d{6})/.exec(readMailSpool(server).reverse().find((m) => m.to.includes(email))!.body)!.slice(1).find(Boolean)!;

describe('POST /otp/verify', () => {
  it('does not answer verified: true to any code for a verified account', async () => {
    const answer = await post('/otp/verify', { contact: 'buyer@akuafo.demo', otp: '000000' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Invalid OTP code', code: 'bad_request' });
  });

  it('answers a verified account, an unverified one with a code, and an unknown e-mail alike', async () => {
    const registered = await post('/shop/customers/register', {
      firstName: 'Ama', lastName: 'Boateng', email: 'unverified@example.com', password: 'Akuafo#2026', confirmPassword: 'Akuafo#2026',
      phoneNumber: '0241234567', address: { street: '1 Ring Road', city: 'Accra', region: 'Greater Accra', country: 'Ghana' },
    });
    expect(registered.status).toBe(201);
    const unverified = await probe('/otp/verify', 'contact', 'unverified@example.com');
    const verified = await probe('/otp/verify', 'contact', 'reviewer1@akuafo.demo');
    const unknown = await probe('/otp/verify', 'contact', 'nobody-at-all@example.com');
    expect(verified).toEqual(unknown);
    expect(unverified).toEqual(unknown);
    expect(unknown.slice(0, 5).map((a) => a.body.message)).toEqual(Array(5).fill('Invalid OTP code'));
    expect(unknown[5]!.body.message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('still lets a verified account repeat the code that verified it (an answer lost on the way)', async () => {
    const email = 'repeat@example.com';
    await post('/shop/customers/register', {
      firstName: 'Kofi', lastName: 'Mensah', email, password: 'Akuafo#2026', confirmPassword: 'Akuafo#2026',
      phoneNumber: '0241234567', address: { street: '2 Ring Road', city: 'Accra', region: 'Greater Accra', country: 'Ghana' },
    });
    const code = codeFor(email);
    expect((await post('/otp/verify', { contact: email, otp: code })).status).toBe(200);
    expect((await post('/otp/verify', { contact: email, otp: code })).body.data).toEqual({ email, verified: true });
  });

  it('weighs at most 5 of 60 parallel guesses at one code', async () => {
    const email = 'race@example.com';
    await post('/shop/customers/register', {
      firstName: 'Esi', lastName: 'Tetteh', email, password: 'Akuafo#2026', confirmPassword: 'Akuafo#2026',
      phoneNumber: '0241234567', address: { street: '4 Ring Road', city: 'Accra', region: 'Greater Accra', country: 'Ghana' },
    });
    const answers = await Promise.all(Array.from({ length: 60 }, () => post('/otp/verify', { contact: email, otp: '000000' })));
    expect(answers.filter((a) => a.body.message === 'Invalid OTP code')).toHaveLength(5);
  });
});

describe('POST /auth/password/verify-otp', () => {
  it('answers a real account and an unknown e-mail alike, with and without a reset asked for', async () => {
    const without = await probe('/auth/password/verify-otp', 'email', 'reviewer2@akuafo.demo');
    const unknownWithout = await probe('/auth/password/verify-otp', 'email', 'ghost-one@example.com');
    expect(without).toEqual(unknownWithout);

    for (const email of ['reviewer3@akuafo.demo', 'ghost-two@example.com']) {
      expect((await post('/auth/password/reset-request', { email })).status).toBe(200);
    }
    expect(await probe('/auth/password/verify-otp', 'email', 'reviewer3@akuafo.demo')).toEqual(await probe('/auth/password/verify-otp', 'email', 'ghost-two@example.com'));
    expect(unknownWithout[0]!.body).toEqual({ message: 'Invalid OTP code', code: 'bad_request' });
  });

  it('tells only the holder of the right code that it expired', async () => {
    const email = 'reviewer4@akuafo.demo';
    await post('/auth/password/reset-request', { email });
    const code = codeFor(email);
    await server.deps.db.updateTable('one_time_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('purpose', '=', 'PASSWORD_RESET_CODE').execute();
    expect((await post('/auth/password/verify-otp', { email, otp: code === '000000' ? '111111' : '000000' })).body.message).toBe('Invalid OTP code');
    expect((await post('/auth/password/verify-otp', { email, otp: code })).body.message).toBe('This code has expired. Please request a new one.');
  });
});

describe('sign-up', () => {
  it('says an e-mail is registered (the spec\'s message) only 20 times an hour per address', async () => {
    const same = { 'x-forwarded-for': '10.11.200.1' };
    const taken = ['buyer@akuafo.demo', 'seller@akuafo.demo', 'reviewer1@akuafo.demo', 'reviewer2@akuafo.demo', 'reviewer3@akuafo.demo'];
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(await post('/shop/customers/register', {
        firstName: 'Yaw', lastName: 'Darko', email: taken[i % taken.length], password: 'Akuafo#2026', confirmPassword: 'Akuafo#2026',
        phoneNumber: '0241234567', address: { street: '3 Ring Road', city: 'Accra', region: 'Greater Accra', country: 'Ghana' },
      }, same));
    }
    expect(answers[0]!.body.message).toBe('An account with this email already exists');
    expect(answers.slice(0, 20).every((a) => a.status === 409)).toBe(true);
    expect(answers[20]!.status).toBe(429);
  });
});
