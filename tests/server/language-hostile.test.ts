import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticRoutes } from '../../src/server/http/static';
import { acceptLanguageTags, pickLocale } from '../../src/shared/i18n';
import { ROUTE_PRELOADS_FILE } from '../../src/shared/route-preloads';
import { makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 27, hostile input on the language choice: a forged, huge or malformed Accept-Language,
 * an akuafo-lang cookie with junk, a language field set to junk on the account API. Each gets
 * a clear 4xx or falls back to English, never a 500.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ENGLISH_401 = 'Please sign in to continue.';
const TWI_401 = 'Yɛsrɛ wo, hyɛn mu na kɔ so.';
async function unsigned(headers: Record<string, string>) {
  const response = await server.call('/shop/customers/me', { headers });
  return { status: response.status, body: (await response.json()) as { message: string; code: string } };
}

const HOSTILE_ACCEPT_LANGUAGE = [
  'ak;q=0.5,'.repeat(2_000), // 18 KB of repeats
  `${'x'.repeat(60_000)}, ak`,
  ';;;,,,;q=;q=abc,=,',
  'ak;q=NaN, en;q=Infinity',
  'ak;q=-1',
  'ak;q=1e309',
  '*',
  '../../etc/passwd',
  '\u00e9\u00fe\u00ff; q=0.9', // bytes above ASCII, as a header may carry them
  'en-US,en;q=0.9,'.repeat(500) + 'ak',
  'ak-'.repeat(3_000),
];

const HOSTILE_COOKIES = [
  'akuafo-lang=../../etc/passwd',
  `akuafo-lang=${'a'.repeat(5_000)}`,
  `akuafo-lang=${'ak'.repeat(2_500)}`,
  'akuafo-lang=xx-YY',
  'akuafo-lang=%E0%A4%A', // a broken percent-escape
  'akuafo-lang=ak%00',
  'akuafo-lang="ak',
  'akuafo-lang=;akuafo-lang=;;;=;',
  `akuafo-lang=en; ${'junk=1; '.repeat(600)}`,
];

describe('a hostile Accept-Language header', () => {
  it.each(HOSTILE_ACCEPT_LANGUAGE.map((h) => [h.slice(0, 30), h]))('%s… gets the ordinary 401, in English or Twi, never a 500', async (_, header) => {
    const answer = await unsigned({ 'accept-language': header });
    expect(answer.status).toBe(401);
    expect([ENGLISH_401, TWI_401]).toContain(answer.body.message);
  });

  it('is read only as far as its first 32 tags, skipping what is not a language tag', async () => {
    expect((await unsigned({ 'accept-language': `${'fr;q=0.5,'.repeat(40)}ak` })).body.message).toBe(ENGLISH_401);
    expect((await unsigned({ 'accept-language': `${'x'.repeat(60_000)}, ak` })).body.message).toBe(TWI_401);
    expect((await unsigned({ 'accept-language': '../ak, ak\u00e9, en' })).body.message).toBe(ENGLISH_401);
    expect((await unsigned({ 'accept-language': 'ak-GH, en;q=0.5' })).body.message).toBe(TWI_401);
    expect(pickLocale(acceptLanguageTags('ak;q=NaN, en;q=0.5'))).toBe('en');
    expect(acceptLanguageTags('ak;q=0.5,'.repeat(10_000)).length).toBeLessThanOrEqual(32);
  });
});

describe('a junk akuafo-lang cookie', () => {
  it.each(HOSTILE_COOKIES.map((c) => [c.slice(0, 30), c]))('%s… is English for the API, never a 500', async (_, cookie) => {
    const answer = await unsigned({ cookie, 'accept-language': 'en' });
    expect(answer).toMatchObject({ status: 401, body: { message: ENGLISH_401, code: 'unauthorized' } });
  });

  it('and for the pages: the English page, never a file outside the build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'akuafo-hostile-'));
    writeFileSync(join(dir, 'index.html'), '<html lang="en-GH"><body>Welcome</body></html>');
    writeFileSync(join(dir, 'index.ak.html'), '<html lang="ak"><body>Akwaaba</body></html>');
    writeFileSync(join(dir, 'shell.html'), '<html lang="en-GH"><head><template id="app-chunks"></template></head><body>Loading…</body></html>');
    writeFileSync(join(dir, ROUTE_PRELOADS_FILE), '[]');
    const app = staticRoutes(dir);
    for (const cookie of HOSTILE_COOKIES) {
      const page = await app.request('http://test.local/', { headers: { cookie } });
      expect(page.status, cookie.slice(0, 40)).toBe(200);
      expect(await page.text(), cookie.slice(0, 40)).toContain('Welcome');
    }
    for (const header of HOSTILE_ACCEPT_LANGUAGE) {
      const page = await app.request('http://test.local/', { headers: { 'accept-language': header } });
      expect(page.status, header.slice(0, 40)).toBe(200);
    }
  });
});

describe('a junk language on the account API', () => {
  it.each([['../'], ['x'.repeat(5_000)], ['AK'], ['tw'], ['ak-GH'], [''], [42], [true], [['ak']], [{ code: 'ak' }]].map(([value]) => [JSON.stringify(value).slice(0, 20), value]))(
    '%s is refused with a 400 that names the choices, and the account keeps its language',
    async (_, language) => {
      const buyer = await makeUser(server);
      expect((await server.call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language: 'ak' } })).status).toBe(200);
      const response = await server.call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language } });
      const body = (await response.json()) as { message: string; code: string; fieldErrors?: Record<string, string> };
      expect(response.status).toBe(400);
      expect(body.code).toBe('validation_failed');
      // The account is in Twi, so the refusal is too; it names the codes to choose from.
      expect(body.fieldErrors?.language).toBe('Paw kasa yi mu biako: en, ak');
      const row = await server.deps.db.selectFrom('users').select('language').where('id', '=', buyer.id).executeTakeFirstOrThrow();
      expect(row.language).toBe('ak');
    },
  );

  it('an English reader gets the same refusal in English', async () => {
    const buyer = await makeUser(server);
    const response = await server.call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language: '../../etc' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fieldErrors: Record<string, string> }).fieldErrors.language).toBe('Choose one of these languages: en, ak');
  });

  it('a column forged in the database (not one of ours) is read as English, not a 500', async () => {
    const buyer = await makeUser(server);
    await server.deps.db.updateTable('users').set({ language: '../../etc/passwd' }).where('id', '=', buyer.id).execute();
    const me = await server.call('/shop/customers/me', { token: buyer.token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { language: string | null } }).data.language).toBeNull();
    const refused = await server.call('/shop/customers/me/orders/999999/cancel', { method: 'POST', token: buyer.token, json: {}, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toBe("We couldn't find the order you're looking for.");
  });
});
