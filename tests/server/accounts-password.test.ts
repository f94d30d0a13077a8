import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DEMO = 'Akuafo#2026';
async function post(path: string, json: unknown, token?: string) {
  const response = await server.call(path, { method: 'POST', json, token });
  return { status: response.status, body: (await response.json()) as any };
}
const login = (email: string, password: string) => post('/auth/login', { email, password });

function lastResetMail(email: string) {
  const mail = readMailSpool(server).filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = /reset-password\?token=([^\s]+)/.exec(mail.body)?.[1];
  const code = /page: (\d{6})/.exec(mail.body)?.[1];
  return { mail, token: token && decodeURIComponent(token), code };
}

describe('POST /auth/password/change', () => {
  it('checks every rule with the spec messages', async () => {
    const { accessToken } = (await login('reviewer1@akuafo.demo', DEMO)).body.data;
    const change = (json: unknown) => post('/auth/password/change', json, accessToken);
    expect((await change({})).body.message).toBe('Invalid entries');
    const cases: [Record<string, string>, string, string][] = [
      [{ currentPassword: '', newPassword: 'New#Pass123' }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: DEMO, newPassword: 'Ab1#' }, 'newPassword', 'Password must be at least 8 characters'],
      [{ currentPassword: DEMO, newPassword: 'abcdefg1#' }, 'newPassword', 'Must contain at least one uppercase letter'],
      [{ currentPassword: DEMO, newPassword: 'ABCDEFG1#' }, 'newPassword', 'Must contain at least one lowercase letter'],
      [{ currentPassword: DEMO, newPassword: 'Abcdefgh#' }, 'newPassword', 'Must contain at least one number'],
      [{ currentPassword: DEMO, newPassword: 'Abcdefgh1' }, 'newPassword', 'Must contain at least one special character'],
      [{ currentPassword: DEMO, newPassword: DEMO }, 'newPassword', 'New password must be different from current password'],
    ];
    for (const [json, field, message] of cases) {
      const { status, body } = await change(json);
      expect(status).toBe(400);
      expect(body.fieldErrors[field]).toBe(message);
    }
    const wrong = await change({ currentPassword: 'Not#Mine123', newPassword: 'New#Pass123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
  });

  it('changes the password and records when', async () => {
    const { accessToken } = (await login('reviewer2@akuafo.demo', DEMO)).body.data;
    const done = await post('/auth/password/change', { currentPassword: DEMO, newPassword: 'Fresh#Yam2026' }, accessToken);
    expect(done.status).toBe(200);
    expect(done.body.data.message).toBe('Password changed successfully');
    expect(Date.parse(done.body.data.passwordChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await login('reviewer2@akuafo.demo', DEMO)).status).toBe(401);
    const again = await login('reviewer2@akuafo.demo', 'Fresh#Yam2026');
    expect(again.status).toBe(200);
    expect(again.body.data.user.passwordChangedAt).toBe(done.body.data.passwordChangedAt);
  });

  it('needs sign-in', async () => {
    expect((await post('/auth/password/change', { currentPassword: DEMO, newPassword: 'Fresh#Yam2026' })).status).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers the same for known and unknown addresses, and mails only real accounts', async () => {
    const before = readMailSpool(server).length;
    const known = await post('/auth/password/reset-request', { email: 'reviewer3@akuafo.demo' });
    const unknown = await post('/auth/password/reset-request', { email: 'nobody@example.com' });
    expect(known).toEqual(unknown);
    expect(known.body.data.message).toBe('Reset link sent. Check your inbox.');
    expect(readMailSpool(server).length).toBe(before + 1);
    const { token, code } = lastResetMail('reviewer3@akuafo.demo');
    expect(token).toMatch(/^\d+\.[\w-]+$/);
    expect(code).toMatch(/^\d{6}$/);
    const bad = await post('/auth/password/reset-request', { email: 'nope' });
    expect(bad.body.message).toBe('Please enter a valid email address.');
  });

  it('the link token resets once, ends every session and is then refused', async () => {
    await server.deps.rateLimiter.reset('reset-send:reviewer4@akuafo.demo');
    const session = (await login('reviewer4@akuafo.demo', DEMO)).body.data;
    await post('/auth/password/reset-request', { email: 'reviewer4@akuafo.demo' });
    const { token } = lastResetMail('reviewer4@akuafo.demo');

    const weak = await post('/auth/password/reset', { token, newPassword: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must be at least 8 characters long and include uppercase, lowercase, number, and special character.');

    const done = await post('/auth/password/reset', { token, newPassword: 'Reset#Cassava1' });
    expect(done.status).toBe(200);
    expect((await login('reviewer4@akuafo.demo', 'Reset#Cassava1')).status).toBe(200);
    expect((await post('/token/refresh', { refreshToken: session.refreshToken })).status).toBe(401);

    const twice = await post('/auth/password/reset', { token, newPassword: 'Other#Cassava2' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');
  });

  it('the code path: verify-otp gives a reset token that works once', async () => {
    const email = 'reviewer5@akuafo.demo';
    await post('/auth/password/reset-request', { email });
    const { code } = lastResetMail(email);
    const wrong = await post('/auth/password/verify-otp', { email, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.message).toBe('Invalid OTP code');
    const verified = await post('/auth/password/verify-otp', { email, otp: code });
    expect(verified.status).toBe(200);
    const { resetToken } = verified.body.data;
    expect((await post('/auth/password/reset', { resetToken, newPassword: 'Code#Path2026' })).status).toBe(200);
    expect((await post('/auth/password/reset', { resetToken, newPassword: 'Code#Path2027' })).status).toBe(400);
    // The code itself was spent too.
    expect((await post('/auth/password/verify-otp', { email, otp: code })).status).toBe(400);
    expect((await login(email, 'Code#Path2026')).status).toBe(200);
  });

  it('tokens expire after 30 minutes; missing or forged tokens are refused', async () => {
    const email = 'buyer@akuafo.demo';
    await post('/auth/password/reset-request', { email });
    const { token } = lastResetMail(email);
    const rows = await server.deps.db.selectFrom('one_time_codes').selectAll().where('purpose', '=', 'PASSWORD_RESET_TOKEN').where('consumed_at', 'is', null).execute();
    const row = rows.at(-1)!;
    expect((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 60_000).toBeCloseTo(30, 1);
    await server.deps.db.updateTable('one_time_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', row.id).execute();
    expect((await post('/auth/password/reset', { token, newPassword: 'Late#Reset2026' })).status).toBe(400);
    const none = await post('/auth/password/reset', { newPassword: 'Late#Reset2026' });
    expect(none.body.message).toBe('Invalid or missing token.');
    expect((await post('/auth/password/reset', { token: `${row.user_id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, newPassword: 'Late#Reset2026' })).status).toBe(400);
    expect((await login(email, DEMO)).status).toBe(200);
  });
});

describe('POST /auth/password/reset/check', () => {
  it('tells whether a link still works without spending it', async () => {
    const email = 'reviewer3@akuafo.demo';
    await server.deps.rateLimiter.reset(`reset-send:${email}`);
    await post('/auth/password/reset-request', { email });
    const { token } = lastResetMail(email);
    expect((await post('/auth/password/reset/check', { token })).body.data.valid).toBe(true);
    expect((await post('/auth/password/reset/check', { token })).body.data.valid).toBe(true);
    expect((await post('/auth/password/reset/check', { token: 'junk' })).body.data.valid).toBe(false);
    expect((await post('/auth/password/reset/check', {})).body.message).toBe('Invalid or missing token.');
    expect((await post('/auth/password/reset', { token, newPassword: 'Checked#Reset1' })).status).toBe(200);
    expect((await post('/auth/password/reset/check', { token })).body.data.valid).toBe(false);
  });
});
