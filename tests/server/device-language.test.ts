import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailSpool, startTestServer, type TestServer } from '../support/server';
import { dial, freshCaller, pressToListing } from '../support/ussd';
import { makeProduct } from '../support/shop';

/**
 * Issue 37, item 7: a language chosen on the device before sign-in travels in the sign-up and
 * sign-in bodies (`language`, the shared schemas' languageChoiceSchema) and becomes the
 * account's, for its e-mails and SMS, unless the account chose one.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = 'Str0ng#Pass';
const db = () => server.deps.db;
async function post(path: string, json: unknown) {
  const response = await server.call(path, { method: 'POST', json });
  return { status: response.status, body: (await response.json()) as any };
}
const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  post('/shop/customers/register', {
    firstName: 'Abena', lastName: 'Owusu', email, password: PASSWORD, phoneNumber: '233241234567',
    address: { street: '12 Liberation Road', city: 'Accra', region: 'Greater Accra', country: 'Ghana' },
    ...extra,
  });
const languageOf = async (email: string) => (await db().selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;
const verified = (email: string) => db().updateTable('users').set({ is_email_verified: 1 }).where('email', '=', email).execute();

describe('the device\'s language at sign-up and sign-in', () => {
  it('a Twi sign-up makes a Twi account, and its code comes in Twi', async () => {
    const email = `twi.signup.${Date.now()}@example.com`;
    expect((await signUp(email, { language: 'ak' })).status).toBe(201);
    expect(await languageOf(email)).toBe('ak');
    const mail = readMailSpool(server).filter((m) => m.to.includes(email)).at(-1)!;
    expect(mail.subject).toMatch(/^Wo Akuafo Market kood: \d{6}$/);
  });

  it('signing in from a Twi device gives the language to an account without one; a chosen one stays', async () => {
    const email = `twi.signin.${Date.now()}@example.com`;
    expect((await signUp(email)).status).toBe(201);
    await verified(email);
    expect(await languageOf(email)).toBeNull();
    expect((await post('/auth/login', { email, password: PASSWORD, language: 'ak' })).status).toBe(200);
    expect(await languageOf(email)).toBe('ak');

    // The account then chooses English in Settings: a Twi device signing in does not undo it.
    await db().updateTable('users').set({ language: 'en' }).where('email', '=', email).execute();
    expect((await post('/auth/login', { email, password: PASSWORD, language: 'ak' })).status).toBe(200);
    expect(await languageOf(email)).toBe('en');
  });

  it('a wrong password with a language changes nothing; a language that is not ours is refused with a sentence', async () => {
    const email = `twi.refused.${Date.now()}@example.com`;
    expect((await signUp(email)).status).toBe(201);
    await verified(email);
    expect((await post('/auth/login', { email, password: 'Wr0ng#Pass', language: 'ak' })).status).toBe(401);
    expect(await languageOf(email)).toBeNull();
    const forged = await post('/auth/login', { email, password: PASSWORD, language: 'constructor' });
    expect(forged.status).toBe(400);
    expect(forged.body.fieldErrors.language).toBe('Choose one of these languages: en, ak');
    expect((await signUp(`x.${email}`, { language: '../../etc/passwd' })).status).toBe(400);
    expect(await languageOf(email)).toBeNull();
  });

  it('a phone-only buyer signing in by SMS code from a Twi device gets Twi messages', async () => {
    const phone = freshCaller();
    const productId = await makeProduct(server, 5, 1_000);
    const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
    const call = dial(server, phone);
    await pressToListing((input) => call.press(input), name);
    for (const key of ['1', '1', '1', '1']) await call.press(key);
    const national = `0${phone.slice(4)}`;
    const account = await db().selectFrom('phone_accounts').innerJoin('users', 'users.id', 'phone_accounts.user_id').select(['users.id', 'users.language']).where('phone_accounts.phone', '=', national).executeTakeFirstOrThrow();
    expect(account.language).toBeNull();
    expect((await post('/auth/sms/send-code', { phone: national })).status).toBe(200);
    const texts = await db().selectFrom('messages').select('body').where('recipient', '=', phone).where('topic', '=', 'account').orderBy('id', 'desc').execute();
    const code = /code: (\d{6})/.exec(texts[0]?.body ?? '')?.[1];
    expect((await post('/auth/sms/verify', { phone: national, code, language: 'ak' })).status).toBe(200);
    expect((await db().selectFrom('users').select('language').where('id', '=', account.id).executeTakeFirstOrThrow()).language).toBe('ak');
  });
});
