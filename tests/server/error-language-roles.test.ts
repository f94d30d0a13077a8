import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 27, item 4: the refusals a seller, an operator and anyone on the prices, packs and
 * uploads meet come out in the reader's language too (the account's, else the cookie, else
 * Accept-Language), with the same codes; English readers get the English word for word.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Answer = { status: number; body: { message: string; code: string; fieldErrors?: Record<string, string> } };
async function call(path: string, init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Answer> {
  const response = await server.call(path, { method: init.method ?? 'GET', token: init.token, json: init.json, headers: init.headers, body: init.body });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}
/** A seller's or operator's account language (set on the phone's USSD "Kasa" menu; their web pages send the cookie). */
const accountLanguage = (id: number, language: 'ak' | 'en' | null) => server.deps.db.updateTable('users').set({ language }).where('id', '=', id).execute();
const TWI_COOKIE = { cookie: 'akuafo-lang=ak' };

describe("a seller's refusals", () => {
  it('come in the account language: payouts, listings, uploads, order lines', async () => {
    const seller = await sellerNamed(server, 'seller@akuafo.demo');
    await accountLanguage(seller.id, 'ak');
    const noBank = await call('/sellers/me', { method: 'PUT', token: seller.token, json: { payoutType: 'BANK', bankAccountNumber: '1234567890', payoutBankCode: null } });
    expect(noBank.status).toBe(400);
    expect(noBank.body).toMatchObject({ message: 'Paw wo sikakorabea.', fieldErrors: { payoutBankCode: 'Paw wo sikakorabea.' } });

    const notMultipart = await call('/product-submissions', { method: 'POST', token: seller.token, json: { name: 'Yam' } });
    expect(notMultipart).toMatchObject({ status: 400, body: { message: 'Fa ade no ne ne mfonini mena sɛ multipart/form-data.', code: 'bad_request' } });

    const form = new FormData();
    form.append('images', new Blob(['not a picture'], { type: 'image/jpeg' }), 'yam.jpg');
    const notImage = await call('/product-submissions/my-submissions/999999/images', { method: 'POST', token: seller.token, body: form });
    expect(notImage).toMatchObject({ status: 404, body: { message: 'Yɛanhu ade no', code: 'not_found' } });

    const line = await call('/sellers/me/orders/999999/items/1/at-warehouse', { method: 'PUT', token: seller.token });
    expect(line).toMatchObject({ status: 404, body: { message: 'Yɛanhu adetɔ no fã yi' } });
  });

  it('an upload that is not a picture names the file, in Twi by the cookie, English otherwise', async () => {
    const seller = await sellerNamed(server, 'seller@akuafo.demo');
    const form = () => {
      const data = new FormData();
      for (const [k, v] of Object.entries({ name: 'Puna yam', description: 'Fresh puna yam from Ejura', price: '40', stockQuantity: '10', category: 'Tubers', condition: 'standard', region: 'Ashanti' })) data.append(k, v);
      data.append('images', new Blob(['not a picture at all'], { type: 'image/jpeg' }), 'yam.jpg');
      return data;
    };
    await accountLanguage(seller.id, null); // no choice on the account: the web page's cookie speaks
    const twi = await call('/product-submissions', { method: 'POST', token: seller.token, body: form(), headers: TWI_COOKIE });
    expect(twi.status).toBe(400);
    expect(twi.body.message).toBe('Fael yam.jpg nyɛ mfonini');
    expect(twi.body.fieldErrors?.images).toBe('Fael yam.jpg nyɛ mfonini');
    const english = await call('/product-submissions', { method: 'POST', token: seller.token, body: form(), headers: { 'accept-language': 'en' } });
    expect(english.body).toEqual({ ...twi.body, message: 'File yam.jpg is not an image', fieldErrors: { images: 'File yam.jpg is not an image' } });
  });
});

describe("an operator's refusals", () => {
  it('come in the account language, values and all', async () => {
    const admin = await makeUser(server, 'ADMIN');
    const asTwi = (path: string, init: { method?: string; json?: unknown } = {}) => call(path, { ...init, token: admin.token, headers: TWI_COOKIE });
    expect(await asTwi('/admin/submissions/999999/approve', { method: 'POST', json: {} })).toMatchObject({ status: 404, body: { message: 'Yɛanhu ade no' } });
    expect(await asTwi('/admin/payouts/999999/retry', { method: 'POST', json: {} })).toMatchObject({ status: 404, body: { message: 'Yɛanhu akatua no' } });
    // A query parameter out of range: the schema's words, as a template with values.
    const page = await asTwi('/admin/submissions?page=0');
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('Ɛsɛ sɛ page yɛ nɔma mũ a efi 1 kosi 100000');
    expect((await call('/admin/submissions?page=0', { token: admin.token })).body.message).toBe('page must be a whole number from 1 to 100000');
  });
});

describe("a buyer's checkout", () => {
  it("that finds the stock gone names the product in the buyer's Twi names the product in the buyer's Twi", async () => {
    const buyer = await makeUser(server);
    expect((await call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language: 'ak' } })).status).toBe(200);
    const product = await makeProduct(server, 5);
    await putInCart(server, buyer.id, product, 3);
    await server.deps.db.updateTable('products').set({ stock_quantity: 2 }).where('id', '=', product).execute();
    const name = (await server.deps.db.selectFrom('products').select('name').where('id', '=', product).executeTakeFirstOrThrow()).name;
    const warehouse = (await server.deps.db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const answer = await call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: warehouse, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`${name} a aka wɔ hɔ yɛ 2 pɛ. Yɛsrɛ wo, sesa wo kɛntɛn.`);
  });
});

describe('visitors: market prices, offline packs, the platform', () => {
  it('answer in Twi by Accept-Language or the cookie, and English otherwise', async () => {
    const twi = { 'accept-language': 'ak' };
    expect(await call('/market-prices/999999', { headers: twi })).toMatchObject({ status: 404, body: { message: 'Yɛnkora saa aguadeɛ yi bo.' } });
    expect((await call('/market-prices/999999')).body.message).toBe('No prices are kept for this commodity.');
    const pack = await call('/offline-packs/size?width=7', { headers: { cookie: 'akuafo-lang=ak' } });
    expect(pack.status).toBe(400);
    expect(pack.body.message).toMatch(/^Ɛsɛ sɛ width yɛ [\d, ]+ no mu biako$/);
    expect(await call('/products/abc', { headers: twi })).toMatchObject({ status: 404 });
    const sorted = await call('/products?sortDir=sideways', { headers: twi });
    expect(sorted.status).toBe(400);
    expect(sorted.body.message).toMatch(/^Ɛsɛ sɛ sortDir yɛ .+ anaa .+$/);
  });
});

describe("valibot's own field words (personalMessage)", () => {
  it('come in Twi with the field named in Twi when the table knows its label, and as the API names it otherwise', async () => {
    const twi = { 'accept-language': 'ak' };
    const logout = await call('/logout', { method: 'POST', json: { refreshToken: 5 }, headers: twi });
    expect(logout).toMatchObject({ status: 400, body: { message: 'Ɛsɛ sɛ Refresh token no yɛ nsɛm.', fieldErrors: { refreshToken: 'Ɛsɛ sɛ Refresh token no yɛ nsɛm.' } } });
    const noAddress = await call('/shop/customers/register', {
      method: 'POST',
      headers: twi,
      json: { firstName: 'Ama', lastName: 'Mensah', email: 'ama.noaddress@example.com', password: 'Akuafo#2026', phoneNumber: '0241234567' },
    });
    expect(noAddress.body.fieldErrors?.address).toBe('Ɛsɛ sɛ wode Baabi a wote ka ho.');
    const english = await call('/logout', { method: 'POST', json: { refreshToken: 5 } });
    expect(english.body.message).toBe('Refresh token must be text.');
  });
});
