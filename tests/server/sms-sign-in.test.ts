import { describe, expect, it } from 'vitest';
import { makeProduct, shopServer } from '../support/shop';
import { sessionToken } from '../support/session';
import { dial, freshCaller, pressToListing } from '../support/ussd';

const shop = shopServer();
const db = () => shop.server.deps.db;
const post = (path: string, json: unknown, headers: Record<string, string> = {}) => shop.server.call(path, { method: 'POST', json, headers });

async function ussdBuyer(phone: string) {
  const productId = await makeProduct(shop.server, 5, 1_000);
  const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
  const call = dial(shop.server, phone);
  await pressToListing((input) => call.press(input), name);
  for (const key of ['1', '1', '1', '1']) await call.press(key);
}

const lastCodeTo = async (international: string) => {
  const rows = await db().selectFrom('messages').select('body').where('recipient', '=', international).where('topic', '=', 'account').orderBy('id', 'desc').execute();
  return /code: (\d{6})/.exec(rows[0]?.body ?? '')?.[1];
};

describe('sign-in by SMS code', () => {
  it('a USSD buyer signs in on the web with a texted code and sees their orders', async () => {
    const phone = freshCaller();
    await ussdBuyer(phone);
    const national = `0${phone.slice(4)}`;
    const sent = await post('/auth/sms/send-code', { phone: national });
    expect(sent.status).toBe(200);
    const code = await lastCodeTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await post('/auth/sms/verify', { phone: national, code });
    expect(signedIn.status).toBe(200);
    const { accessToken } = ((await signedIn.json()) as { data: { accessToken: string } }).data;
    const orders = await shop.server.call('/shop/customers/me/orders', { token: accessToken });
    expect(orders.status).toBe(200);
    const body = (await orders.json()) as { data: unknown[] };
    expect(body.data.length).toBe(1);
    // The code is spent.
    expect((await post('/auth/sms/verify', { phone: national, code })).status).toBe(400);
  });

  it('answers the same for a number with no account, and refuses a wrong code the same way', async () => {
    const known = freshCaller();
    await ussdBuyer(known);
    const unknown = `0${freshCaller().slice(4)}`;
    const a = await post('/auth/sms/send-code', { phone: `0${known.slice(4)}` });
    const b = await post('/auth/sms/send-code', { phone: unknown });
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    const wrongKnown = await post('/auth/sms/verify', { phone: `0${known.slice(4)}`, code: '000000' });
    const wrongUnknown = await post('/auth/sms/verify', { phone: unknown, code: '000000' });
    expect(wrongKnown.status).toBe(400);
    expect(await wrongKnown.json()).toEqual(await wrongUnknown.json());
    expect((await post('/auth/sms/send-code', { phone: 'abc' })).status).toBe(400);
  });

  it('limits codes per number, whatever the address, and per address, whatever the number (60 at once)', async () => {
    const phone = `0${freshCaller().slice(4)}`;
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => post('/auth/sms/send-code', { phone }, { 'x-forwarded-for': `10.9.${i}.1` })));
    expect(burst.filter((r) => r.status === 200).length).toBe(5);
    expect(burst.filter((r) => r.status === 429).length).toBe(55);
    const numbers = await Promise.all(Array.from({ length: 60 }, () => post('/auth/sms/send-code', { phone: `0${freshCaller().slice(4)}` })));
    expect(numbers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(20);
  });

  it('a code sent sixty times at once signs in once: the rest are refused like a used code', async () => {
    const phone = freshCaller();
    await ussdBuyer(phone);
    const national = `0${phone.slice(4)}`;
    expect((await post('/auth/sms/send-code', { phone: national }, { 'x-forwarded-for': '10.8.255.1' })).status).toBe(200);
    const code = await lastCodeTo(phone);
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => post('/auth/sms/verify', { phone: national, code }, { 'x-forwarded-for': `10.8.${i}.1` })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.every((r) => r.status === 200 || r.status === 400 || r.status === 429)).toBe(true);
    const user = await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', national).executeTakeFirstOrThrow();
    expect(await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', user.user_id!).execute()).toHaveLength(1);
    // Replayed later, the spent code is refused.
    expect((await post('/auth/sms/verify', { phone: national, code }, { 'x-forwarded-for': '10.8.200.1' })).status).toBeGreaterThanOrEqual(400);
  });

  it('sixty code requests at once for a number with an account text it at most five codes, of which only one signs in', async () => {
    const phone = freshCaller();
    await ussdBuyer(phone);
    const national = `0${phone.slice(4)}`;
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => post('/auth/sms/send-code', { phone: national }, { 'x-forwarded-for': `10.7.${i}.1` })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5);
    const texts = await db().selectFrom('messages').select('body').where('recipient', '=', phone).where('topic', '=', 'account').execute();
    const codes = texts.map((t) => /code: (\d{6})/.exec(t.body)?.[1]).filter(Boolean);
    expect(codes).toHaveLength(5);
    let signedIn = 0;
    for (const [i, code] of codes.entries()) if ((await post('/auth/sms/verify', { phone: national, code }, { 'x-forwarded-for': `10.6.${i}.1` })).status === 200) signedIn += 1;
    expect(signedIn).toBe(1);
  });

  it('a seller links their verified phone, and Sell then knows them', async () => {
    const seller = await db().selectFrom('users').select(['id', 'phone']).where('user_type', '=', 'SELLER').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const phone = freshCaller();
    await db().updateTable('users').set({ phone: `0${phone.slice(4)}`, is_phone_verified: 0 }).where('id', '=', seller.id).execute();
    const { token } = await sessionToken(shop.server, seller.id);
    expect((await shop.server.call('/auth/phone/link-ussd', { method: 'POST', token })).status).toBe(409);
    await db().updateTable('users').set({ is_phone_verified: 1 }).where('id', '=', seller.id).execute();
    expect((await shop.server.call('/auth/phone/link-ussd', { method: 'POST', token })).status).toBe(200);
    const call = dial(shop.server, phone);
    await call.press();
    expect((await call.press('3')).text).toContain('Sell: choose a category');
  });

  /** A seller (an account with a password) with a fresh verified phone, signed in; not linked yet. */
  async function sellerWithPhone() {
    const seller = await db().selectFrom('users').select(['id', 'password_hash']).where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
    const phone = freshCaller();
    await db().updateTable('users').set({ phone: `0${phone.slice(4)}`, is_phone_verified: 1 }).where('id', '=', seller.id).execute();
    await db().deleteFrom('phone_accounts').where('user_id', '=', seller.id).execute();
    return { ...seller, phone, national: `0${phone.slice(4)}`, token: (await sessionToken(shop.server, seller.id)).token };
  }

  it('attack: a code texted to a linked seller\'s phone does not sign in to the seller\'s password account', async () => {
    const seller = await sellerWithPhone();
    expect((await shop.server.call('/auth/phone/link-ussd', { method: 'POST', token: seller.token })).status).toBe(200);
    const sessionsBefore = (await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', seller.id).execute()).length;
    // Whoever holds the SIM asks for a code and enters it: refused with a sentence, no session.
    expect((await post('/auth/sms/send-code', { phone: seller.national }, { 'x-forwarded-for': '10.5.0.1' })).status).toBe(200);
    const code = await lastCodeTo(seller.phone);
    expect(code).toMatch(/^\d{6}$/);
    const refused = await post('/auth/sms/verify', { phone: seller.national, code }, { 'x-forwarded-for': '10.5.0.1' });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { message: string; code: string; data?: unknown };
    expect(body).toMatchObject({ message: 'This account has a password: sign in with your e-mail address and password.', code: 'password_account' });
    expect(body.data).toBeUndefined();
    expect(await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', seller.id).execute()).toHaveLength(sessionsBefore);
    // The account and its password are untouched; USSD still sells as it.
    expect((await db().selectFrom('users').select('password_hash').where('id', '=', seller.id).executeTakeFirstOrThrow()).password_hash).toBe(seller.password_hash);
    expect((await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', seller.national).executeTakeFirstOrThrow()).user_id).toBe(seller.id);
  });

  it('attack: linking a number a phone-only USSD buyer holds is refused with a sentence; the buyer keeps it and still signs in', async () => {
    const buyerPhone = freshCaller();
    await ussdBuyer(buyerPhone);
    const national = `0${buyerPhone.slice(4)}`;
    const holder = (await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', national).executeTakeFirstOrThrow()).user_id;
    expect(holder).toBeTruthy();
    const seller = await sellerWithPhone();
    await db().updateTable('users').set({ phone: national }).where('id', '=', seller.id).execute();
    const refused = await shop.server.call('/auth/phone/link-ussd', { method: 'POST', token: seller.token });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'This number already buys on USSD as another Akuafo Market account, so it cannot be linked to yours. Call us if it is yours.' });
    expect((await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', national).executeTakeFirstOrThrow()).user_id).toBe(holder);
    // The buyer's own texted code still signs in to the buyer's account, with its order.
    expect((await post('/auth/sms/send-code', { phone: national }, { 'x-forwarded-for': '10.5.1.1' })).status).toBe(200);
    const signedIn = await post('/auth/sms/verify', { phone: national, code: await lastCodeTo(buyerPhone) }, { 'x-forwarded-for': '10.5.1.1' });
    expect(signedIn.status).toBe(200);
    const { accessToken } = ((await signedIn.json()) as { data: { accessToken: string } }).data;
    const orders = (await (await shop.server.call('/shop/customers/me/orders', { token: accessToken })).json()) as { data: unknown[] };
    expect(orders.data).toHaveLength(1);
    // Linking again by the same seller to its own number stays fine (the rule is about others').
    await db().updateTable('users').set({ phone: seller.national }).where('id', '=', seller.id).execute();
    expect((await shop.server.call('/auth/phone/link-ussd', { method: 'POST', token: seller.token })).status).toBe(200);
    expect((await shop.server.call('/auth/phone/link-ussd', { method: 'POST', token: seller.token })).status).toBe(200);
  });
});
