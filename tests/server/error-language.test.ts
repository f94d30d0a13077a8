import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/schemas/accounts';
import { firstWarehouseId, makeProduct, makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 27: the API's errors in the reader's language: the account's (users.language) when
 * signed in, else the app's language cookie, else Accept-Language. Codes never change, and an
 * English reader gets the English texts word for word.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function call(path: string, init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const response = await server.call(path, { method: init.method ?? 'GET', token: init.token, json: init.json, headers: init.headers });
  return { status: response.status, vary: response.headers.get('vary') ?? '', body: (await response.json()) as { message: string; code: string; fieldErrors?: Record<string, string> } };
}
const badLogin = (headers: Record<string, string> = {}) =>
  call('/auth/login', { method: 'POST', json: { email: 'nobody-here@example.test', password: 'Wrong#2026x' }, headers });

describe('a visitor', () => {
  it('gets the error in Twi with Accept-Language: ak, the same code, and English otherwise', async () => {
    const english = await badLogin();
    expect(english).toMatchObject({ status: 401, body: { message: MESSAGES.invalidCredentials } });
    const twi = await badLogin({ 'accept-language': 'ak-GH, en;q=0.5' });
    expect(twi.status).toBe(401);
    expect(twi.body).toEqual({ ...english.body, message: 'E-mail anaa ahintasɛm no nyɛ pɛpɛɛpɛ' });
    expect(twi.vary).toMatch(/Accept-Language/);
    // A language we do not speak, first: English, word for word.
    expect((await badLogin({ 'accept-language': 'fr, en;q=0.8' })).body).toEqual(english.body);
  });

  it('follows the app language cookie over the phone language, field by field', async () => {
    const answer = await call('/auth/login', { method: 'POST', json: {}, headers: { cookie: 'theme=x; akuafo-lang=ak', 'accept-language': 'en' } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.fieldErrors).toMatchObject({ email: 'Ɛsɛ sɛ wokyerɛw e-mail', password: 'Ɛsɛ sɛ wokyerɛw ahintasɛm' });
    const english = await call('/auth/login', { method: 'POST', json: {} });
    expect(english.body.code).toBe('validation_failed');
    expect(english.body.fieldErrors).toMatchObject({ email: 'Email is required', password: 'Password is required' });
  });

  it('answers an unknown address and a sign-in-only call in Twi too', async () => {
    expect((await call('/nothing-here', { headers: { 'accept-language': 'tw' } })).body).toEqual({ message: 'Yɛnni saa API kwan yi', code: 'not_found' });
    const unsigned = await call('/shop/customers/me', { headers: { 'accept-language': 'ak' } });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message).toBe('Yɛsrɛ wo, hyɛn mu na kɔ so.');
  });
});

describe('a signed-in buyer', () => {
  it('gets errors in the account language, whatever the phone says', async () => {
    const buyer = await makeUser(server);
    expect((await call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language: 'ak' } })).status).toBe(200);
    const twi = await call('/auth/password/change', { method: 'POST', token: buyer.token, json: {}, headers: { 'accept-language': 'en' } });
    expect(twi.status).toBe(400);
    expect(twi.body).toEqual({ message: 'Nea wokyerɛwee no bi nyɛ pɛpɛɛpɛ', code: 'validation_failed', fieldErrors: { _: 'Nea wokyerɛwee no bi nyɛ pɛpɛɛpɛ' } });

    const other = await makeUser(server);
    expect((await call('/shop/customers/me', { method: 'PATCH', token: other.token, json: { language: 'en' } })).status).toBe(200);
    const english = await call('/auth/password/change', { method: 'POST', token: other.token, json: {}, headers: { 'accept-language': 'ak', cookie: 'akuafo-lang=ak' } });
    expect(english.body).toEqual({ message: MESSAGES.invalidEntries, code: 'validation_failed', fieldErrors: { _: MESSAGES.invalidEntries } });
  });
});

describe('the shop refusals (cart, checkout, orders, reviews, wishlist, notifications)', () => {
  it('come out in the account language, values and all, with the same codes; English word for word', async () => {
    const buyer = await makeUser(server);
    expect((await call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language: 'ak' } })).status).toBe(200);
    const english = await makeUser(server);
    const product = await makeProduct(server, 2);
    const asBoth = async (path: string, init: { method: string; json?: unknown }) => [
      await call(path, { ...init, token: buyer.token }),
      await call(path, { ...init, token: english.token }),
    ];

    // Cart: stock (a sentence with a value in it).
    const [twiStock, enStock] = await asBoth('/shop/cart', { method: 'POST', json: { productId: product, quantity: 5 } });
    expect(enStock).toMatchObject({ status: 409, body: { message: 'Only 2 left in stock' } });
    expect(twiStock).toMatchObject({ status: 409, body: { message: 'Nea aka wɔ hɔ yɛ 2 pɛ', code: enStock.body.code } });

    // Checkout: an empty cart.
    const warehouse = await firstWarehouseId(server);
    const checkout = { method: 'POST', json: { pickupLocationId: warehouse, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } };
    const [twiEmpty, enEmpty] = await asBoth('/shop/checkout', checkout);
    expect(enEmpty.body.message).toBe('Cannot process payment with empty cart');
    expect(twiEmpty).toMatchObject({ status: enEmpty.status, body: { message: 'Wo kɛntɛn mu da hɔ kwa, enti yɛrentumi ntua ka', code: enEmpty.body.code } });

    // Checkout's field errors: a number on another network (values again).
    const wrongNetwork = { method: 'POST', json: { pickupLocationId: warehouse, mobileMoneyNetwork: 'AIRTEL_TIGO', mobileMoneyNumber: '0241234567' } };
    const [twiNetwork, enNetwork] = await asBoth('/shop/checkout', wrongNetwork);
    expect(enNetwork.body.fieldErrors?.mobileMoneyNumber).toMatch(/^This number is on MTN, not AT\./);
    expect(twiNetwork.body.fieldErrors?.mobileMoneyNumber).toMatch(/^Nɔma yi wɔ MTN so, ɛnyɛ AT\. Paw .+ anaa kyerɛw nɔma a ɛwɔ AT so\.$/);

    // Orders: cancelling an order that is not yours.
    const [twiCancel, enCancel] = await asBoth('/shop/customers/me/orders/999999/cancel', { method: 'POST', json: {} });
    expect(enCancel).toMatchObject({ status: 404, body: { message: "We couldn't find the order you're looking for." } });
    expect(twiCancel.body.message).toBe('Yɛanhu adetɔ a worehwehwɛ no.');

    // Reviews: before delivery, and the form's own field errors.
    const [twiReview, enReview] = await asBoth('/reviews', { method: 'POST', json: { productId: product, rating: 5, comment: 'Good yam' } });
    expect(enReview).toMatchObject({ status: 403, body: { message: 'You can review a product only after an order with it has been delivered to you.' } });
    expect(twiReview.body.message).toBe('Wubetumi akyerɛ w’adwene wɔ ade bi ho bere a adetɔ a ɛka ho no adu wo nsam akyi nko ara.');
    const [twiBlank] = await asBoth('/reviews', { method: 'POST', json: { productId: product, rating: 0, comment: '  ' } });
    expect(twiBlank.body.fieldErrors).toMatchObject({ rating: 'Yɛsrɛ wo, paw nsoromma dodow', comment: 'Yɛsrɛ wo, kyerɛw w’adwenkyerɛ' });

    // Wishlist: a product that does not exist.
    const [twiWish, enWish] = await asBoth('/shop/customers/me/wishlist/999999', { method: 'PUT' });
    expect(enWish).toMatchObject({ status: 404, body: { message: 'Product Not Found' } });
    expect(twiWish.body.message).toBe('Yɛanhu saa ade yi');

    // Notification preferences: a switch that is not true or false.
    const [twiPrefs, enPrefs] = await asBoth('/shop/customers/me/notification-preferences', { method: 'PUT', json: { orders: { sms: 'no' } } });
    expect(enPrefs.status).toBe(400);
    expect(Object.values(enPrefs.body.fieldErrors ?? {})).toContain('sms must be true or false');
    expect(Object.values(twiPrefs.body.fieldErrors ?? {})).toContain('Ɛsɛ sɛ sms yɛ true anaa false');
  });
});
