import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';
import { sessionToken } from '../support/session';

/**
 * Issue 21.6 (a stolen session must not take the account over through its e-mail or phone)
 * and issue 22.16 (a phone number is verified by a texted code), for buyers and sellers.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = 'Akuafo#2026';
let nextNumber = 0;
/** Each test's own Ghana mobile number, so the 30-second cooldown per number never meets another test. */
const freshNumber = () => `02440000${String(++nextNumber).padStart(2, '0')}`;
const international = (national: string) => `+233${national.slice(1)}`;

async function call(method: string, path: string, token?: string, json?: unknown) {
  const response = await server.call(path, { method, token, json });
  return { status: response.status, body: (await response.json()) as any };
}
async function signIn(email: string, password = PASSWORD) {
  return call('POST', '/auth/login', undefined, { email, password });
}
/** A signed-in buyer with a number of their own. */
async function buyer(email: string) {
  const phone = freshNumber();
  await server.deps.db.updateTable('users').set({ phone, is_phone_verified: 0 }).where('email', '=', email).execute();
  const session = await signIn(email);
  expect(session.status).toBe(200);
  return { token: session.body.data.accessToken as string, refreshToken: session.body.data.refreshToken as string, phone };
}
const mailsTo = (address: string) => readMailSpool(server).filter((m) => m.to.includes(address));
const lastMailTo = (address: string) => mailsTo(address).at(-1);
async function lastTextTo(number: string) {
  return server.deps.db.selectFrom('messages').select('body').where('channel', '=', 'sms').where('recipient', '=', number).orderBy('id', 'desc').executeTakeFirst();
}
const codeIn = (text: string | undefined) => /code(?: is|:) (\d{6})/.exec(text ?? '')?.[1];
const undoTokenIn = (text: string | undefined) => decodeURIComponent(/undo-change\?token=(\S+)/.exec(text ?? '')![1]!);
const profile = async (token: string) => (await call('GET', '/shop/customers/me', token)).body.data;

describe('changing the e-mail (issue 21.6)', () => {
  it('a stolen session alone cannot change the e-mail or the phone, on either route', async () => {
    const { token } = await buyer('reviewer1@akuafo.demo');
    for (const [method, path, json] of [
      ['PATCH', '/shop/customers/me', { email: 'thief@example.com' }],
      ['PUT', '/shop/customers/me', { phone: '0551112222' }],
      ['POST', '/auth/contact-change', { channel: 'email', value: 'thief@example.com' }],
    ] as const) {
      const refused = await call(method, path, token, json);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Enter your current password to change your e-mail or phone number.');
      const wrong = await call(method, path, token, { ...json, currentPassword: 'Guess#2026' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fieldErrors).toEqual({ currentPassword: 'Current password is incorrect' });
    }
    const after = await profile(token);
    expect(after).toMatchObject({ user: { email: 'reviewer1@akuafo.demo' }, pendingEmail: null, pendingPhone: null });
    expect(mailsTo('thief@example.com')).toHaveLength(0);
    expect(await lastTextTo('+233551112222')).toBeUndefined();
  });

  it('the new address takes effect only with its code; the old one is told, and its link undoes the change and signs everyone out', async () => {
    const { token, refreshToken } = await buyer('reviewer2@akuafo.demo');
    const asked = await call('PATCH', '/shop/customers/me', token, { email: 'Kojo.New@Example.com', currentPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ user: { email: 'reviewer2@akuafo.demo', isEmailVerified: true }, pendingEmail: 'kojo.new@example.com' });
    // Until the code is entered nothing changed: the old address signs in, the new one does not.
    expect((await signIn('reviewer2@akuafo.demo')).status).toBe(200);
    expect((await signIn('kojo.new@example.com')).status).toBe(401);
    const code = codeIn(lastMailTo('kojo.new@example.com')?.body);
    expect(code).toBeDefined();
    expect((await call('POST', '/auth/contact-change/verify', token, { channel: 'email', code: code === '000000' ? '111111' : '000000' })).status).toBe(400);
    const verified = await call('POST', '/auth/contact-change/verify', token, { channel: 'email', code });
    expect(verified.status).toBe(200);
    expect(await profile(token)).toMatchObject({ user: { email: 'kojo.new@example.com', isEmailVerified: true }, pendingEmail: null });
    expect((await signIn('kojo.new@example.com')).status).toBe(200);

    const notice = lastMailTo('reviewer2@akuafo.demo');
    expect(notice?.subject).toBe('The e-mail address of your Akuafo Market account changed');
    expect(notice?.body).toContain('was changed to kojo.new@example.com');
    // Whoever changed it asks for a password reset at the new address...
    await call('POST', '/auth/password/reset-request', undefined, { email: 'kojo.new@example.com' });
    const resetCode = codeIn(lastMailTo('kojo.new@example.com')?.body.replace('Or enter this code on the password reset page:', 'code is'));
    // ...and the owner opens the link from the old address.
    const undone = await call('POST', '/auth/contact-change/undo', undefined, { token: undoTokenIn(notice?.body) });
    expect(undone.status).toBe(200);
    expect(undone.body.data.message).toMatch(/every device was signed out/);
    expect((await signIn('reviewer2@akuafo.demo')).status).toBe(200);
    expect((await signIn('kojo.new@example.com')).status).toBe(401);
    expect((await call('POST', '/token/refresh', undefined, { refreshToken })).status).toBe(401);
    expect((await call('GET', '/shop/customers/me', token)).status).toBe(401);
    // The reset sent to the new address is dead, and the link works once.
    expect((await call('POST', '/auth/password/verify-otp', undefined, { email: 'reviewer2@akuafo.demo', otp: resetCode })).status).toBe(400);
    expect((await call('POST', '/auth/contact-change/undo', undefined, { token: undoTokenIn(notice?.body) })).status).toBe(400);
  });

  it('a second change does not break the first undo link: it restores the first address', async () => {
    const { token } = await buyer('reviewer3@akuafo.demo');
    for (const next of ['step.one@example.com', 'step.two@example.com']) {
      await call('POST', '/auth/contact-change', token, { channel: 'email', value: next, currentPassword: PASSWORD });
      expect((await call('POST', '/auth/contact-change/verify', token, { channel: 'email', code: codeIn(lastMailTo(next)?.body) })).status).toBe(200);
    }
    const firstNotice = mailsTo('reviewer3@akuafo.demo').find((m) => m.subject.includes('changed'));
    expect((await call('POST', '/auth/contact-change/undo', undefined, { token: undoTokenIn(firstNotice?.body) })).status).toBe(200);
    expect((await signIn('reviewer3@akuafo.demo')).status).toBe(200);
    // The later link (sent to step.one) no longer brings step.one back.
    const secondNotice = lastMailTo('step.one@example.com');
    expect((await call('POST', '/auth/contact-change/undo', undefined, { token: undoTokenIn(secondNotice?.body) })).status).toBe(400);
    expect((await signIn('reviewer3@akuafo.demo')).status).toBe(200);
  });

  it('refuses an address another account has, and forged or replayed undo links', async () => {
    const { token } = await buyer('reviewer4@akuafo.demo');
    expect((await call('POST', '/auth/contact-change', token, { channel: 'email', value: 'buyer@akuafo.demo', currentPassword: PASSWORD })).status).toBe(409);
    for (const forged of ['', '1-1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x', '99999-12.short']) {
      const answer = await call('POST', '/auth/contact-change/undo', undefined, { token: forged });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('This link is invalid or has expired.');
    }
  });

  // '!phone-only' is the hash a USSD buyer's account is made with: no password matches it (users.ts, hasPassword).
  it('an account without a password confirms with a code texted to its current number', async () => {
    const email = 'phone.only@example.com';
    const at = new Date().toISOString();
    const phone = freshNumber();
    const { id } = await server.deps.db
      .insertInto('users')
      .values({ email, password_hash: '!phone-only', first_name: 'Esi', last_name: 'Ofori', phone, user_type: 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = (await sessionToken(server, id)).token;
    expect((await profile(token)).hasPassword).toBe(false);
    const refused = await call('POST', '/auth/contact-change', token, { channel: 'email', value: 'esi@example.com', currentPassword: 'anything' });
    expect(refused.body.message).toBe('Enter the code we sent to your current phone number to change your e-mail or phone number.');
    expect((await call('POST', '/auth/phone/send-code', token)).status).toBe(200);
    const code = codeIn((await lastTextTo(international(phone)))?.body);
    const asked = await call('POST', '/auth/contact-change', token, { channel: 'email', value: 'esi@example.com', code });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ channel: 'email', status: 'pending', pendingValue: 'esi@example.com' });
  });
});

describe('changing and verifying the phone (issues 21.6 and 22.16)', () => {
  it('a buyer verifies their number with a texted code; five wrong codes kill it', async () => {
    const { token, phone } = await buyer('reviewer5@akuafo.demo');
    expect((await profile(token)).isPhoneVerified).toBe(false);
    expect((await call('POST', '/auth/phone/send-code', token)).status).toBe(200);
    // A second code within 30 s is refused (one per number per 30 s).
    expect((await call('POST', '/auth/phone/send-code', token)).status).toBe(429);
    const code = codeIn((await lastTextTo(international(phone)))?.body)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await call('POST', '/auth/phone/verify', token, { code: wrong })).status).toBe(400);
    const dead = await call('POST', '/auth/phone/verify', token, { code });
    expect(dead.status).toBe(400);
    expect(dead.body.message).toBe('Too many wrong attempts. Please request a new code.');
    expect((await profile(token)).isPhoneVerified).toBe(false);
  });

  it('a new number is texted a code, takes effect verified, and the old number and the e-mail are told', async () => {
    const email = 'kofi.farms@akuafo.demo';
    const old = freshNumber();
    await server.deps.db.updateTable('users').set({ phone: international(old) }).where('email', '=', email).execute();
    const token = (await signIn(email)).body.data.accessToken;
    const next = freshNumber();
    const asked = await call('POST', '/auth/contact-change', token, { channel: 'phone', value: next, currentPassword: PASSWORD });
    expect(asked.body.data).toEqual({ channel: 'phone', status: 'pending', pendingValue: international(next) });
    expect((await call('GET', '/sellers/me', token)).body.data).toMatchObject({ phoneNumber: international(old), pendingPhoneNumber: international(next) });
    const code = codeIn((await lastTextTo(international(next)))?.body);
    expect((await call('POST', '/auth/contact-change/verify', token, { channel: 'phone', code })).status).toBe(200);
    expect((await call('GET', '/sellers/me', token)).body.data).toMatchObject({ phoneNumber: international(next), isPhoneVerified: true, pendingPhoneNumber: null });
    expect((await lastTextTo(international(old)))?.body).toMatch(/phone number of your account was changed/);
    expect(lastMailTo(email)?.subject).toBe('The phone number of your Akuafo Market account changed');
  });

  it('a seller verifies the number on file the same way', async () => {
    const email = 'ama.agro@akuafo.demo';
    const phone = freshNumber();
    await server.deps.db.updateTable('users').set({ phone: international(phone), is_phone_verified: 0 }).where('email', '=', email).execute();
    const token = (await signIn(email)).body.data.accessToken;
    expect((await call('GET', '/sellers/me', token)).body.data.isPhoneVerified).toBe(false);
    await call('POST', '/auth/phone/send-code', token);
    const verified = await call('POST', '/auth/phone/verify', token, { code: codeIn((await lastTextTo(international(phone)))?.body) });
    expect(verified.body.data).toEqual({ verified: true, message: 'Phone number verified' });
    expect((await call('GET', '/sellers/me', token)).body.data.isPhoneVerified).toBe(true);
  });
  // Last: the burst spends this address's allowance for code checks.
  it('a burst of 60 parallel guesses weighs at most five, and the right code is then refused', async () => {
    const { token, phone } = await buyer('buyer@akuafo.demo');
    await call('POST', '/auth/phone/send-code', token);
    const code = codeIn((await lastTextTo(international(phone)))?.body)!;
    const guesses = Array.from({ length: 60 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => call('POST', '/auth/phone/verify', token, { code: guess })));
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.body.message === 'Invalid OTP code').length).toBeLessThanOrEqual(5);
    expect((await call('POST', '/auth/phone/verify', token, { code })).status).not.toBe(200);
    expect((await profile(token)).isPhoneVerified).toBe(false);
  });

});
