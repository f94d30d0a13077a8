import { describe, expect, it } from 'vitest';
import { GHANA_REGIONS } from '../../src/shared/catalogue';
import { COMPANY } from '../../src/shared/company';
import { createMarketPrices } from '../../src/server/modules/market-prices/service';
import { SCREEN_AIM } from '../../src/server/modules/ussd/engine';
import { buyerAccount, rememberRegion } from '../../src/server/modules/ussd/phone-accounts';
import { adminToken } from '../support/sellers';
import { makeProduct, shopServer } from '../support/shop';
import { choiceFor, dial, freshCaller, pageTo } from '../support/ussd';

/** Issue 37: what a tester met on USSD, each as the caller met it. */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (phone: string) => `0${phone.slice(4)}`;

/** Dials and walks Buy to the listings of a category (the region asked of a new number: Ashanti). */
async function toListings(call: ReturnType<typeof dial>, category: string) {
  await call.press();
  let screen = await call.press('1');
  if (screen.text.includes('region')) {
    screen = await pageTo(call.press, screen, 'Ashanti');
    screen = await call.press(choiceFor(screen, 'Ashanti'));
  }
  return call.press(choiceFor(screen, category));
}

async function productNamed(name: string, stock = 20, region = 'Ashanti') {
  const id = await makeProduct(shop.server, stock, 900);
  await db().updateTable('products').set({ name, region }).where('id', '=', id).execute();
  return id;
}

const retire = (id: number) => db().updateTable('products').set({ is_active: 0 }).where('id', '=', id).execute();

describe('USSD: Buy', () => {
  it('cuts a long name at a word and before a bracket it would leave open, never "White Maize (50 kg."', async () => {
    const id = await productNamed('White Maize (50 kg bag) from Techiman');
    const call = dial(shop.server);
    let screen = await toListings(call, 'Tubers');
    screen = await pageTo(call.press, screen, 'White Maize');
    const line = screen.text.split('\n').find((l) => l.includes('White Maize'))!;
    expect(line).toMatch(/^\d\. White Maize GHS 9\.00$/);
    const quantity = await call.press(choiceFor(screen, 'White Maize'));
    expect(quantity.text.split('\n')[0]).toBe('White Maize (50 kg bag) from Techiman');
    await retire(id);
  });

  it('How many says how many are in stock (117), asks for at most 99 at once, and goes back with 0', async () => {
    const id = await productNamed('Stocked puna yam', 117);
    const call = dial(shop.server);
    let screen = await toListings(call, 'Tubers');
    screen = await pageTo(call.press, screen, 'Stocked puna');
    const quantity = await call.press(choiceFor(screen, 'Stocked puna'));
    expect(quantity.text).toContain('117 left');
    expect(quantity.text).toContain('How many? (1-99)');
    expect(quantity.text).toMatch(/\n0\. Back$/);
    expect((await call.press('0')).text).toContain('near you');
    await retire(id);
  });

  it('a Greater Accra caller is told there are no grains in Greater Accra, and the depot holding the goods comes first', async () => {
    const phone = freshCaller();
    await rememberRegion(db(), national(phone), 'Greater Accra');
    const inAccra = await db().selectFrom('products').select('id').where('category', '=', 'Grains').where('region', '=', 'Greater Accra').where('is_active', '=', 1).execute();
    expect(inAccra).toEqual([]);
    const call = dial(shop.server, phone);
    const listings = await toListings(call, 'Grains');
    expect(listings.text.split('\n')[0]).toBe('No Grains in Greater Accra now. Other regions:');
    expect(listings.text).not.toContain('near you');
    const maize = await db().selectFrom('products').select(['name', 'region']).where('category', '=', 'Grains').where('region', '=', 'Bono East').where('is_active', '=', 1).where('stock_quantity', '>', 0).executeTakeFirstOrThrow();
    let screen = listings;
    screen = await pageTo(call.press, screen, maize.name.split(' ').slice(0, 2).join(' '));
    await call.press(choiceFor(screen, maize.name.split(' ').slice(0, 2).join(' ')));
    const pickup = await call.press('1');
    // Techiman's depot (Bono East, where the maize is) first, then the caller's own region's.
    expect(pickup.text).toMatch(/^Pick up at:\n1\. Techiman Depot\n2\. Accra Hub\n/);
  });
});

describe('USSD: My orders and Help', () => {
  it('Help gives the company\'s phone number in +233 form', async () => {
    const call = dial(shop.server);
    const menu = await call.press();
    const help = await call.press(choiceFor(menu, 'Help'));
    expect(help.text).toContain(`Call us: ${COMPANY.phone}`);
    expect(COMPANY.phone).toMatch(/^\+233 /);
  });
});

describe('USSD: Prices today', () => {
  it('a region with no price this week gets the national price, named as Ghana\'s, not "no price this week"', async () => {
    const prices = createMarketPrices(db());
    const national = (await prices.list({})).find((c) => c.name.startsWith('Maize') && (c.paid !== null || c.asking !== null));
    expect(national).toBeDefined();
    let empty: string | undefined;
    for (const region of GHANA_REGIONS) {
      const maize = (await prices.list({ region })).find((c) => c.id === national!.id);
      if (maize && maize.paid === null && maize.asking === null) empty = region;
    }
    expect(empty).toBeDefined();
    const phone = freshCaller();
    await rememberRegion(db(), `0${phone.slice(4)}`, empty!);
    const call = dial(shop.server, phone);
    await call.press();
    await call.press('4');
    const answer = await call.press('maize');
    expect(answer.text).toMatch(/^Akuafo Ghana this week: Maize/);
    expect(answer.text).not.toContain('no price this week');
  });
});

describe('USSD: Sell from a number with no seller account', () => {
  it('registers a phone-only farmer as a seller waiting for the operator, who verifies them; then they list by USSD', async () => {
    const phone = freshCaller();
    const call = dial(shop.server, phone);
    await call.press();
    const join = await call.press('3');
    expect(join.text).toContain('register as a seller');
    expect(join.text).not.toMatch(/localhost|sign in|\.\.\./);
    expect((await call.press('1')).text).toContain('Your full name?');
    expect((await call.press('Akua  Mensah')).text).toContain('Farm or business name?');
    let screen = await call.press('Mensah Farms');
    screen = await pageTo(call.press, screen, 'Bono East');
    // The operator verifies no seller without a Ghana Card: a keypad types its 10 digits.
    expect((await call.press(choiceFor(screen, 'Bono East'))).text).toContain('Your Ghana Card number?');
    expect((await call.press('12345')).text).toContain('Please type the 10 digits of your Ghana Card number.');
    const confirm = await call.press('712345678-4');
    expect(confirm.text).toContain('Register Akua Mensah, Mensah Farms, Bono East as a seller?');
    const done = await call.press('1');
    expect(done.kind).toBe('END');
    expect(done.text).toContain('Our operator will call this number to verify you');

    const account = await db().selectFrom('phone_accounts').innerJoin('users', 'users.id', 'phone_accounts.user_id').innerJoin('seller_profiles', 'seller_profiles.user_id', 'users.id')
      .select(['users.id', 'users.user_type', 'users.email', 'users.first_name', 'users.last_name', 'users.phone', 'seller_profiles.business_name', 'seller_profiles.business_region', 'seller_profiles.ghana_card_number', 'seller_profiles.verification_status'])
      .where('phone_accounts.phone', '=', national(phone)).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ user_type: 'SELLER', email: null, first_name: 'Akua', last_name: 'Mensah', phone: national(phone), business_name: 'Mensah Farms', business_region: 'Bono East', ghana_card_number: 'GHA-712345678-4', verification_status: 'PENDING' });
    const audit = await db().selectFrom('audit_log').select('action').where('target_id', '=', account.id).where('action', '=', 'ussd.seller').execute();
    expect(audit).toHaveLength(1);

    // The operator's list of sellers to verify holds them, and Verify clears them like any seller.
    const admin = await adminToken(shop.server);
    const pending = (await (await shop.server.call('/admin/sellers?verificationStatus=PENDING', { token: admin })).json()) as { data: { userId: number; email: string | null; phone: string | null }[] };
    // With the number the operator calls to verify them.
    expect(pending.data.find((s) => s.userId === account.id)).toMatchObject({ email: null, phone: national(phone) });
    const verified = await shop.server.call(`/admin/sellers/${account.id}/verification`, { method: 'POST', token: admin, json: { status: 'VERIFIED' } });
    expect(verified.status).toBe(200);

    // Dialing again, Sell lists produce: it waits for review like any listing.
    const again = dial(shop.server, phone);
    await again.press();
    screen = await again.press('3');
    expect(screen.text).toContain('Sell: choose a category');
    await again.press(choiceFor(screen, 'Vegetables'));
    await again.press('Garden eggs');
    await again.press('10');
    await again.press('5');
    expect((await again.press('1')).kind).toBe('END');
    const listed = await db().selectFrom('product_submissions').select(['status', 'listed_by_phone']).where('seller_id', '=', account.id).executeTakeFirstOrThrow();
    expect(listed).toEqual({ status: 'PENDING', listed_by_phone: 1 });
  });

  it('a number that bought by USSD becomes the seller (one account a number); a password account is refused with a sentence', async () => {
    const phone = freshCaller();
    const buyerId = await buyerAccount(db(), national(phone));
    const register = async (number: string) => {
      const call = dial(shop.server, number);
      await call.press();
      await call.press('3');
      await call.press('1');
      await call.press('Kofi Asare');
      let screen = await call.press('Asare Farms');
      screen = await pageTo(call.press, screen, 'Volta');
      await call.press(choiceFor(screen, 'Volta'));
      await call.press('1234567890');
      return call.press('1');
    };
    expect((await register(phone)).kind).toBe('END');
    expect(await db().selectFrom('users').select('user_type').where('id', '=', buyerId).executeTakeFirstOrThrow()).toEqual({ user_type: 'SELLER' });

    const web = freshCaller();
    const webId = await buyerAccount(db(), national(web));
    await db().updateTable('users').set({ password_hash: 'scrypt$a-real-hash', email: 'web.buyer@example.test' }).where('id', '=', webId).execute();
    const refused = await register(web);
    expect(refused.kind).toBe('CON');
    expect(refused.text).toContain('This number has an account with a password');
    expect(await db().selectFrom('users').select('user_type').where('id', '=', webId).executeTakeFirstOrThrow()).toEqual({ user_type: 'CUSTOMER' });
    expect(await db().selectFrom('seller_profiles').select('user_id').where('user_id', '=', webId).execute()).toEqual([]);
  });
});

describe('USSD: screens and sessions', () => {
  it('a wrong answer over a list page stays within 160 characters, the page\'s choices under it', async () => {
    const call = dial(shop.server);
    await call.press();
    await call.press('1');
    const wrong = await call.press('abc');
    expect(wrong.text.length).toBeLessThanOrEqual(SCREEN_AIM);
    expect(wrong.text).toMatch(/^Please reply with a number from the list\.\nYour region\? \(asked once\)\n1\. /);
    expect(wrong.text).toMatch(/\n0\. Back$/);
  });

  it('an answer after 190 s without one says the session ended (and the next call offers it back), not a silent new menu', async () => {
    const phone = freshCaller();
    const call = dial(shop.server, phone);
    await call.press();
    await call.press('1');
    await db().updateTable('ussd_sessions').set({ updated_at: new Date(Date.now() - 190_000).toISOString() }).where('phone', '=', national(phone)).execute();
    const late = await call.press('1');
    expect(late.kind).toBe('END');
    expect(late.text).toBe('Your session ended: 3 minutes without an answer. Dial *920*44# again to continue.');
    expect(await db().selectFrom('orders').innerJoin('phone_accounts', 'phone_accounts.user_id', 'orders.user_id').select('orders.id').where('phone_accounts.phone', '=', national(phone)).execute()).toEqual([]);
    expect((await dial(shop.server, phone).press()).text).toContain('Continue where you left off?');
  });
});
