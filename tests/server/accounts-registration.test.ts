import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = 'Str0ng#Pass';
const payload = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Abena',
  lastName: 'Owusu',
  email,
  password: PASSWORD,
  phoneNumber: '233241234567',
  address: { street: '12 Liberation Road', city: 'Accra', region: 'Greater Accra', postalCode: 'GA-123', country: 'Ghana' },
  ...extra,
});

async function post(path: string, json: unknown) {
  const response = await server.call(path, { method: 'POST', json });
  return { status: response.status, body: (await response.json()) as any };
}
const register = (email: string, extra?: Record<string, unknown>) => post('/shop/customers/register', payload(email, extra));
const login = (email: string, password = PASSWORD) => post('/auth/login', { email, password });

/** The newest code mailed to an address. */
function codeFor(email: string): string {
  const mails = readMailSpool(server).filter((m) => m.to.includes(email));
  const last = mails.at(-1);
  const code = last && /code is (\d{6})/.exec(last.body)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const mailsTo = (email: string) => readMailSpool(server).filter((m) => m.to.includes(email)).length;

describe('POST /shop/customers/register', () => {
  it('creates an unverified customer with a default address and mails a 6-digit code', async () => {
    const { status, body } = await register('Abena.New@Example.com');
    expect(status).toBe(201);
    expect(body.data).toEqual({ email: 'abena.new@example.com' });
    const user = await server.deps.db.selectFrom('users').selectAll().where('email', '=', 'abena.new@example.com').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: 'CUSTOMER', is_email_verified: 0, phone: '233241234567', first_name: 'Abena' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const addresses = await server.deps.db.selectFrom('customer_addresses').selectAll().where('user_id', '=', user.id).execute();
    expect(addresses).toMatchObject([{ city: 'Accra', region: 'Greater Accra', is_default: 1, postal_code: 'GA-123' }]);
    expect(codeFor('abena.new@example.com')).toMatch(/^\d{6}$/);
    // Only a hash of the code is stored.
    const stored = await server.deps.db.selectFrom('one_time_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(codeFor('abena.new@example.com'));
  });

  it('refuses a duplicate e-mail in any case with 409', async () => {
    await register('dup@example.com');
    const again = await register('DUP@example.com');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists');
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: 'x'.repeat(51) }, 'firstName', 'First name cannot exceed 50 characters'],
    [{ lastName: '  ' }, 'lastName', 'Last name is required'],
    [{ lastName: 'y'.repeat(51) }, 'lastName', 'Last name cannot exceed 50 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'abena@site' }, 'email', 'Please enter a valid email address'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'Ab1#' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'abcdefgh1#' }, 'password', 'Password must contain uppercase, lowercase, number, and special character'],
    [{ password: 'Abcdefgh12' }, 'password', 'Password must contain uppercase, lowercase, number, and special character'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ phoneNumber: '1234567' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ phoneNumber: '1234567890123456' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ phoneNumber: '02412abc67' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ address: { street: '', city: 'Accra', region: 'Greater Accra', country: 'Ghana' } }, 'address.street', 'Street address is required'],
    [{ address: { street: 'a', city: '', region: 'Greater Accra', country: 'Ghana' } }, 'address.city', 'City is required'],
    [{ address: { street: 'a', city: 'b', region: '', country: 'Ghana' } }, 'address.region', 'Region is required'],
    [{ address: { street: 'a', city: 'b', region: 'c', country: '' } }, 'address.country', 'Country is required'],
  ])('refuses %j with the spec message', async (change, field, message) => {
    const { status, body } = await register(`rule-${Math.random()}@example.com`, change);
    expect(status).toBe(400);
    expect(body.fieldErrors[field]).toBe(message);
  });

  it('accepts the limits: 50-character names, 8 and 15-digit phones, no postal code', async () => {
    expect((await register('limits1@example.com', { firstName: 'x'.repeat(50), phoneNumber: '12345678' })).status).toBe(201);
    const noPostal = { street: 'a', city: 'b', region: 'Ashanti', country: 'Ghana' };
    expect((await register('limits2@example.com', { phoneNumber: '123456789012345', address: noPostal })).status).toBe(201);
  });
});

describe('e-mail verification', () => {
  it('a wrong code is refused, the right one verifies and then sign-in works', async () => {
    const email = 'verify-me@example.com';
    await register(email);
    expect((await login(email)).status).toBe(403);
    const code = codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/otp/verify', { contact: email, otp: wrong, purpose: 'EMAIL_VERIFICATION' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid OTP code');
    const good = await post('/otp/verify', { contact: email, otp: code, purpose: 'EMAIL_VERIFICATION' });
    expect(good.status).toBe(200);
    expect(good.body.data.email).toBe(email);
    expect((await login(email)).status).toBe(200);
  });

  it('a code dies after 5 wrong tries', async () => {
    const email = 'five-tries@example.com';
    await register(email);
    const code = codeFor(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      expect((await post('/otp/verify', { contact: email, otp: wrong })).body.message).toBe('Invalid OTP code');
    }
    const sixth = await post('/otp/verify', { contact: email, otp: code });
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('wrong tries count even when sent with an Idempotency-Key (whose transaction rolls back)', async () => {
    const email = 'idem-tries@example.com';
    await register(email);
    const code = codeFor(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      await server.call('/otp/verify', { method: 'POST', json: { contact: email, otp: wrong }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    }
    expect((await post('/otp/verify', { contact: email, otp: code })).status).toBe(400);
  });

  it('a code expires after 10 minutes', async () => {
    const email = 'expired-code@example.com';
    await register(email);
    const code = codeFor(email);
    const user = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const codeRow = await server.deps.db.selectFrom('one_time_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const minutes = (Date.parse(codeRow.expires_at) - Date.parse(codeRow.created_at)) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
    await server.deps.db.updateTable('one_time_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const late = await post('/otp/verify', { contact: email, otp: code });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This code has expired. Please request a new one.');
  });

  it('resend refuses within 30 s of the last code, then really sends a new one that replaces it', async () => {
    const email = 'resend@example.com';
    await register(email);
    const first = codeFor(email);
    const early = await post('/otp/resend', { contact: email, purpose: 'EMAIL_VERIFICATION' });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);

    await server.deps.rateLimiter.reset(`otp-send:${email}`); // as if 30 s had passed
    const before = mailsTo(email);
    const again = await post('/otp/resend', { contact: email, purpose: 'EMAIL_VERIFICATION' });
    expect(again.status).toBe(200);
    expect(mailsTo(email)).toBe(before + 1);
    const second = codeFor(email);
    if (second !== first) {
      expect((await post('/otp/verify', { contact: email, otp: first })).status).toBe(400);
    }
    expect((await post('/otp/verify', { contact: email, otp: second })).status).toBe(200);
  });

  it('resend and verify reveal nothing about unknown addresses', async () => {
    expect((await post('/otp/resend', { contact: 'ghost@example.com' })).status).toBe(200);
    expect((await post('/otp/resend', { contact: 'ghost@example.com' })).status).toBe(429);
    expect((await post('/otp/verify', { contact: 'ghost@example.com', otp: '123456' })).body.message).toBe('Invalid OTP code');
    expect((await post('/otp/verify', { contact: 'ghost@example.com', otp: '12a456' })).status).toBe(400);
  });
});
