import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { migration as singleLineTextMigration } from '../../src/server/platform/db/migrations/030_single_line_text';
import { dialectOf } from '../../src/server/platform/db';
import { fitSms } from '../../src/server/platform/messages/sms-text';
import { registerSchema } from '../../src/shared/schemas/accounts';
import { sellerRegistrationSchema } from '../../src/shared/schemas/sellers';
import { submissionCreateSchema } from '../../src/shared/schemas/submissions';
import { pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { makeProduct, shopServer } from '../support/shop';
import { choiceFor, dial, freshCaller, pageTo } from '../support/ussd';

/**
 * Issue 37, security 2: a seller writes onto buyers' USSD screens. A listing named with a line
 * break and "END ..." must show as one line on USSD and in SMS, be cleaned when written, and a
 * row written before the fix must be cleaned by 030_single_line_text.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const ATTACK = 'Cheap Maize\r\nEND Pay 0201234567';
const CLEAN = 'Cheap Maize END Pay 0201234567';

/** A live listing whose name went in before the write was cleaned (straight into the table). */
async function listingNamed(name: string) {
  const id = await makeProduct(shop.server, 20, 900);
  await db().updateTable('products').set({ name }).where('id', '=', id).execute();
  return id;
}

/** A new caller's Buy walked (region Ashanti, Tubers) to the listings page showing the attacker's listing. */
async function toCheapMaize() {
  const call = dial(shop.server, freshCaller());
  await call.press();
  let screen = await call.press('1');
  screen = await pageTo(call.press, screen, 'Ashanti');
  screen = await call.press(choiceFor(screen, 'Ashanti'));
  screen = await call.press(choiceFor(screen, 'Tubers'));
  return { call, screen: await pageTo(call.press, screen, 'Cheap Maize') };
}

describe('a seller\'s line break in a name', () => {
  it('is taken out when the seller writes the listing: the stored name is one line', async () => {
    const token = await tokenFor(shop.server, 'seller@akuafo.demo');
    const form = productForm({ ...VALID_PRODUCT, name: ATTACK }, [{ name: 'maize.png', data: await pngImage() }]);
    const res = await shop.server.call('/product-submissions', { method: 'POST', token, body: form });
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { data: { id: number } }).data;
    const row = await db().selectFrom('product_submissions').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe(CLEAN);
  });

  it('the shared schemas clean names, business names and product names the same way on the client and the server', () => {
    const seller = v.parse(sellerRegistrationSchema, {
      firstName: 'Yaa\u0000', lastName: ' Owusu\t\t', email: 'yaa@example.com', password: 'Harvest#2026', businessType: 'FARM',
      businessName: 'Owusu\r\nEND Farms', businessRegion: 'Bono East',
    });
    expect([seller.firstName, seller.lastName, seller.businessName]).toEqual(['Yaa', 'Owusu', 'Owusu END Farms']);
    const product = v.parse(submissionCreateSchema, { name: `${ATTACK}\u2028x`, description: 'Line one.\nLine two.', category: 'Grains', price: 5, stockQuantity: 1 });
    expect(product.name).toBe(`${CLEAN} x`);
    // A description is many lines: it keeps them.
    expect(product.description).toBe('Line one.\nLine two.');
    const buyer = v.safeParse(registerSchema, { firstName: '\r\n', lastName: 'Mensah', email: 'k@example.com', password: 'Harvest#2026', phoneNumber: '0241234567', address: { street: '1 Road', city: 'Accra', region: 'Greater Accra', country: 'Ghana' } });
    // Nothing but control characters is no name.
    expect(buyer.success).toBe(false);
  });

  it('shows as one line on a buyer\'s USSD screens, however it got into the table', async () => {
    const id = await listingNamed(ATTACK);
    const { call, screen } = await toCheapMaize();
    for (const line of screen.text.split('\n')) expect(line).not.toMatch(/^(END|Pay)/);
    expect(screen.text).toMatch(/^\d+\. Cheap Maize END Pay /m);
    const quantity = await call.press(choiceFor(screen, 'Cheap Maize'));
    expect(quantity.text.split('\n')[0]).toBe(CLEAN);
    expect(quantity.text).not.toMatch(/\r|\nEND/);
    await db().updateTable('products').set({ is_active: 0 }).where('id', '=', id).execute();
  });

  it('is one line in an SMS: every part of an SMS goes through the same function', () => {
    const sms = fitSms(`Akuafo Market: "${ATTACK}" was approved and is now live.`, `Reason: ${ATTACK}`);
    expect(sms).not.toMatch(/[\r\n]/);
    expect(sms).toContain(`"${CLEAN}"`);
  });

  it('a seller\'s SMS about a sale of the listing is one line', async () => {
    const id = await listingNamed(ATTACK);
    const seller = (await db().selectFrom('products').select('seller_id').where('id', '=', id).executeTakeFirstOrThrow()).seller_id;
    const before = await db().selectFrom('messages').select(({ fn }) => fn.max('id').as('last')).executeTakeFirstOrThrow();
    const { call, screen } = await toCheapMaize();
    await call.press(choiceFor(screen, 'Cheap Maize'));
    await call.press('1');
    await call.press('1');
    await call.press('1');
    expect((await call.press('1')).text).toContain('Paid');
    const sms = await db().selectFrom('messages').select('body').where('user_id', '=', seller).where('channel', '=', 'sms').where('id', '>', Number(before.last ?? 0)).execute();
    expect(sms.length).toBeGreaterThan(0);
    for (const m of sms) expect(m.body).not.toMatch(/[\r\n]/);
    expect(sms.some((m) => m.body.includes(CLEAN))).toBe(true);
    await db().updateTable('products').set({ is_active: 0 }).where('id', '=', id).execute();
  });
});

describe('030_single_line_text', () => {
  it('cleans the rows written before, in every single-line column, and gives a changed product a new catalogue version', async () => {
    const productId = await listingNamed(`  ${ATTACK}\u00a0 `);
    // Twi letters are outside ASCII, so the row is read, but singleLine leaves it as it is: not written.
    const plainId = await listingNamed('Bayerɛ pa, Kɔforidua');
    const versionOf = async (id: number) => (await db().selectFrom('products').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    const [before, plainBefore] = [await versionOf(productId), await versionOf(plainId)];
    const seller = await db().selectFrom('users').select('id').where('email', '=', 'seller@akuafo.demo').executeTakeFirstOrThrow();
    await db().updateTable('users').set({ first_name: 'Kwame\r\nEND', last_name: 'Owusu\u001b[2J' }).where('id', '=', seller.id).execute();
    await db().updateTable('seller_profiles').set({ business_name: 'Owusu\nHarvest   Co-operative' }).where('user_id', '=', seller.id).execute();
    const warehouse = await db().selectFrom('warehouses').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('warehouses').set({ name: `${warehouse.name}\r\nEND` }).where('id', '=', warehouse.id).execute();

    await singleLineTextMigration(dialectOf(db())).up(db());

    expect((await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name).toBe(CLEAN);
    expect(await versionOf(productId)).toBeGreaterThan(before);
    expect(await versionOf(plainId)).toBe(plainBefore);
    expect(await db().selectFrom('users').select(['first_name', 'last_name']).where('id', '=', seller.id).executeTakeFirstOrThrow()).toEqual({ first_name: 'Kwame END', last_name: 'Owusu [2J' });
    expect((await db().selectFrom('seller_profiles').select('business_name').where('user_id', '=', seller.id).executeTakeFirstOrThrow()).business_name).toBe('Owusu Harvest Co-operative');
    expect((await db().selectFrom('warehouses').select('name').where('id', '=', warehouse.id).executeTakeFirstOrThrow()).name).toBe(`${warehouse.name} END`);
    await db().updateTable('users').set({ first_name: 'Kwame', last_name: 'Owusu' }).where('id', '=', seller.id).execute();
  });
});
