import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY } from '../../src/shared/company';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_LIMITED_MESSAGE, CONTACT_SENT_MESSAGE } from '../../src/shared/schemas/contact';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';
import { sessionToken } from '../support/session';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// In-process requests have no socket, so they all count against one address and sender: start each test afresh.
beforeEach(async () => {
  await server.deps.rateLimiter.reset('contact:ip:local');
  await server.deps.rateLimiter.reset(`contact:account:${valid.email}`);
});

const valid = {
  name: 'Abena Owusu',
  email: 'abena.owusu@example.com',
  subject: 'Bulk order of plantain',
  message: 'Hello, can I order 40 bunches of plantain for pickup in Kumasi next week?',
};

const post = async (json: unknown, init: { token?: string; headers?: Record<string, string> } = {}) => {
  const res = await server.call('/contact', { method: 'POST', json, ...init });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

const storedMessages = () => server.deps.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

describe('POST /contact validation', () => {
  it('names every missing field with the form messages', async () => {
    const { status, body } = await post({});
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(body.fieldErrors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('treats blank text as missing and checks the e-mail address', async () => {
    const { status, body } = await post({ ...valid, name: '   ', email: 'abena@' });
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ name: 'Name is required', email: 'Please enter a valid email address' });
  });

  it('bounds the lengths', async () => {
    const { status, body } = await post({ ...valid, subject: 'x'.repeat(151), message: 'y'.repeat(5001) });
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      subject: 'Subject cannot exceed 150 characters',
      message: 'Message cannot exceed 5000 characters',
    });
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const res = await server.call('/contact', { method: 'POST', body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(400);
  });

  it('stores nothing for refused input', async () => {
    const before = (await storedMessages()).length;
    await post({ ...valid, email: 'not-an-address' });
    expect(await storedMessages()).toHaveLength(before);
  });
});

describe('POST /contact storage and mail', () => {
  it('stores a visitor message, mails the support inbox and acknowledges the sender', async () => {
    const mailsBefore = readMailSpool(server).length;
    const { status, body } = await post({ ...valid, name: '  Abena Owusu  ' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ message: CONTACT_SENT_MESSAGE });
    expect(body.data.id).toBeGreaterThan(0);

    const row = (await storedMessages()).find((m) => Number(m.id) === body.data.id);
    expect(row).toMatchObject({ user_id: null, name: 'Abena Owusu', email: valid.email, subject: valid.subject, message: valid.message });

    const mails = readMailSpool(server).slice(mailsBefore);
    expect(mails).toHaveLength(2);
    const inbox = mails.find((m) => m.to === COMPANY.supportEmail)!;
    expect(inbox.subject).toContain(valid.subject);
    expect(inbox.body).toContain(valid.message);
    expect(inbox.body).toContain(valid.email);
    const ack = mails.find((m) => m.to === valid.email)!;
    expect(ack.subject).toContain('We received your message');
    expect(ack.body).toContain(`#${body.data.id}`);
  });

  it('keeps the user id when the sender is signed in', async () => {
    const user = await server.deps.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'reviewer4@akuafo.demo').executeTakeFirstOrThrow();
    const { token } = await sessionToken(server, Number(user.id));
    const { status, body } = await post({ ...valid, email: user.email }, { token });
    expect(status).toBe(201);
    const row = (await storedMessages()).find((m) => Number(m.id) === body.data.id);
    expect(Number(row?.user_id)).toBe(Number(user.id));
  });

  it('keeps a subject with line breaks out of the mail headers', async () => {
    const mailsBefore = readMailSpool(server).length;
    const { status } = await post({ ...valid, subject: 'Hello\r\nBcc: victim@example.com' });
    expect(status).toBe(201);
    for (const mail of readMailSpool(server).slice(mailsBefore)) {
      expect(mail.raw).not.toMatch(/^Bcc:/im);
    }
  });

  it('stores a message once when the outbox resends it with the same Idempotency-Key', async () => {
    const before = (await storedMessages()).length;
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await post(valid, { headers });
    const again = await post(valid, { headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await storedMessages()).toHaveLength(before + 1);
  });
});

describe('POST /contact is no mail relay (issue 21.8)', () => {
  const phishing = {
    name: 'Akuafo Security Team: verify your wallet at http://akuafo-pay.example',
    email: 'victim@example.com',
    subject: 'Your MoMo wallet is locked',
    message: 'Your payout is on hold. PAY OUTSIDE APP 0550000000 to release it.',
  };
  const ackTo = (to: string, since: number) => readMailSpool(server).slice(since).filter((m) => m.to === to);
  const tokenOf = async (email: string) => {
    const user = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return (await sessionToken(server, Number(user.id))).token;
  };
  const assertFixedText = (mail: { subject: string; body: string; raw: string }) => {
    for (const written of [phishing.subject, phishing.message, 'akuafo-pay', 'PAY OUTSIDE APP', 'wallet']) expect(mail.raw).not.toContain(written);
    expect(mail.subject).toMatch(/^We received your message \(reference #\d+\)$/);
  };

  it('a visitor typing a stranger\'s address sends them only a fixed text; the inbox has the message', async () => {
    await server.deps.rateLimiter.reset(`contact:account:${phishing.email}`);
    const since = readMailSpool(server).length;
    expect((await post(phishing)).status).toBe(201);
    const [ack] = ackTo(phishing.email, since);
    assertFixedText(ack);
    const inbox = ackTo(COMPANY.supportEmail, since)[0];
    expect(inbox.body).toContain(phishing.message);
    expect(inbox.body).toContain('address not verified');
  });

  it('a signed-in user typing someone else\'s address gets the same fixed text', async () => {
    await server.deps.rateLimiter.reset('contact:ip:local');
    const since = readMailSpool(server).length;
    expect((await post(phishing, { token: await tokenOf('reviewer4@akuafo.demo') })).status).toBe(201);
    assertFixedText(ackTo(phishing.email, since)[0]);
  });

  it('a signed-in user whose own address is not verified gets the fixed text', async () => {
    await server.deps.rateLimiter.reset('contact:ip:local');
    await server.deps.db.updateTable('users').set({ is_email_verified: 0 }).where('email', '=', 'reviewer5@akuafo.demo').execute();
    const since = readMailSpool(server).length;
    expect((await post({ ...phishing, email: 'reviewer5@akuafo.demo' }, { token: await tokenOf('reviewer5@akuafo.demo') })).status).toBe(201);
    assertFixedText(ackTo('reviewer5@akuafo.demo', since)[0]);
  });

  it('a signed-in user writing from their verified address gets a copy of their message', async () => {
    await server.deps.rateLimiter.reset('contact:ip:local');
    const since = readMailSpool(server).length;
    expect((await post({ ...valid, email: 'reviewer4@akuafo.demo' }, { token: await tokenOf('reviewer4@akuafo.demo') })).status).toBe(201);
    const [ack] = ackTo('reviewer4@akuafo.demo', since);
    expect(ack.subject).toContain(valid.subject);
    expect(ack.body).toContain(valid.message);
  });
});

describe('POST /contact rate limit', () => {
  it(`accepts ${CONTACT_RATE_LIMIT} messages in ten minutes, then answers 429 with a clear message`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT; i++) {
      expect((await post({ ...valid, subject: `Question ${i}` })).status).toBe(201);
    }
    const before = (await storedMessages()).length;
    const refused = await post({ ...valid, subject: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: CONTACT_RATE_LIMITED_MESSAGE });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedMessages()).toHaveLength(before);
  });

  it('does not count refused input against the sender', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT + 2; i++) await post({ ...valid, email: 'bad' });
    expect((await post(valid)).status).toBe(201);
  });
});
