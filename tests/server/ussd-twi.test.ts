import { describe, expect, it } from 'vitest';
import { ak as appTwi } from '../../src/shared/i18n/catalogues/ak';
import { COMPANY } from '../../src/shared/company';
import { SCREEN_AIM } from '../../src/server/modules/ussd/engine';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import { ORDER_STATES_AK, USSD_TEXTS, ussdTexts } from '../../src/server/modules/ussd/texts';
import { toGsm } from '../../src/server/platform/messages/sms-text';
import { makeProduct, shopServer } from '../support/shop';
import { choiceFor, dial, freshCaller } from '../support/ussd';

/** Issue 27: USSD in Twi for numbers whose account speaks it, chosen from the top menu. */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (phone: string) => `0${phone.slice(4)}`;
const languageOf = async (phone: string) =>
  (await db().selectFrom('phone_accounts').innerJoin('users', 'users.id', 'phone_accounts.user_id').select('users.language').where('phone_accounts.phone', '=', national(phone)).executeTakeFirst())?.language;

describe('choosing the language by USSD', () => {
  it('offers Language/Kasa on the top menu; Twi shows at once, is kept on the account, and the next call opens in it', async () => {
    const call = dial(shop.server);
    const menu = await call.press();
    expect(menu.text).toContain('1. Buy');
    const picker = await call.press(choiceFor(menu, 'Language/Kasa'));
    expect(picker.text).toContain('2. Twi');
    const twi = await call.press('2');
    // Plain letters: ɔ is o on a GSM screen.
    expect(twi.text).toContain('1. To\n');
    expect(twi.text).toContain('Language/Kasa');
    expect(twi.text).not.toMatch(/[ɛɔƐƆ]/);
    expect(await languageOf(call.phoneNumber)).toBe('ak');

    const again = dial(shop.server, call.phoneNumber);
    const opened = await again.press();
    expect(opened.text).toContain('2. Nneema a mato');
    // And back to English the same way.
    await again.press(choiceFor(opened, 'Language/Kasa'));
    expect((await again.press('1')).text).toContain('2. My orders');
    expect(await languageOf(call.phoneNumber)).toBe('en');
  });

  it('answers a wrong choice on the language screen with the screen again', async () => {
    const call = dial(shop.server);
    await call.press();
    await call.press('6');
    const wrong = await call.press('7');
    expect(wrong.text).toContain('Please reply with a number from the list.');
    expect(wrong.text).toContain('1. English');
  });
});

describe('an account whose language is Twi', () => {
  it('walks Buy in Twi: region, category, quantity, pickup and the confirm screen', async () => {
    const phone = freshCaller();
    const userId = await buyerAccount(db(), national(phone));
    await db().updateTable('users').set({ language: 'ak' }).where('id', '=', userId).execute();
    const productId = await makeProduct(shop.server, 10, 1_250);
    const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;

    const call = dial(shop.server, phone);
    await call.press();
    let screen = await call.press('1');
    expect(screen.text).toContain('Wo mantam?');
    while (!screen.text.includes('Ashanti')) screen = await call.press('98');
    screen = await call.press(choiceFor(screen, 'Ashanti'));
    expect(screen.text).toContain('To: paw kuw bi');
    screen = await call.press(choiceFor(screen, 'Tubers'));
    expect(screen.text).toContain('Tubers a eben wo:');
    screen = await call.press(choiceFor(screen, name.slice(0, 15)));
    expect(screen.text).toContain('GHS 12.50 biara');
    screen = await call.press('2');
    expect(screen.text).toContain('Wobekogye wo:');
    screen = await call.press('1');
    // The seller drops off at Accra: the goods travel to Kumasi, and the fee (the tariff's minimum) is a part of the total (issue 40).
    expect(screen.text).toContain('Ne nyinaa GHS 35.00 (Nneema no bo GHS 25.00 + Akwantuo ka GHS 10.00)');
    expect(screen.text).toContain("0. San w'akyi");
  });
});

const ak = ussdTexts('ak');
const gsm = (text: string) => toGsm(text);

/** A fresh number whose phone-only account chose Twi. */
async function twiCaller() {
  const phone = freshCaller();
  const userId = await buyerAccount(db(), national(phone));
  await db().updateTable('users').set({ language: 'ak' }).where('id', '=', userId).execute();
  return { phone, userId };
}

/** Dials; a session left at the prompt a moment ago is offered back: this starts again. */
async function twiDial(phone: string) {
  const call = dial(shop.server, phone);
  const first = await call.press();
  // In plain letters like every screen (the offer to continue was sent with ɛ and ɔ).
  expect(first.text).not.toMatch(/[ɛɔƐƆ]/);
  if (first.text.includes(gsm(ak.resume))) expect((await call.press('2')).text).toContain('1. To\n');
  return call;
}

/** Walks Buy in Twi to the confirm screen for `quantity` of the product. */
async function toTwiConfirm(phone: string, productId: number, quantity: number) {
  const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
  const call = await twiDial(phone);
  let screen = await call.press('1');
  if (screen.text.includes('Wo mantam?')) {
    while (!screen.text.includes('Ashanti')) screen = await call.press('98');
    screen = await call.press(choiceFor(screen, 'Ashanti'));
  }
  screen = await call.press(choiceFor(screen, 'Tubers'));
  screen = await call.press(choiceFor(screen, name.slice(0, 15)));
  expect(screen.text).toContain('biara');
  await call.press(String(quantity));
  expect((await call.press('1')).text).toContain('Ne nyinaa GHS');
  return call;
}

const spend = async (key: string, times: number, limit: number) => {
  for (let i = 0; i < times; i++) await shop.server.deps.rateLimiter.hit(key, limit, 3600_000);
};

describe('the refusals a Twi caller meets are in Twi', () => {
  it('too little stock left at confirm: how many are left, never the app\'s English about a cart', async () => {
    const { phone } = await twiCaller();
    const productId = await makeProduct(shop.server, 10, 1_250);
    const call = await toTwiConfirm(phone, productId, 3);
    // Someone else bought most of it while this caller read the total.
    await db().updateTable('products').set({ stock_quantity: 2 }).where('id', '=', productId).execute();
    const refused = await call.press('1');
    expect(refused.kind).toBe('CON');
    expect(refused.text).toContain(gsm(ak.onlyLeft(2)));
    expect(refused.text).not.toMatch(/Only|cart|stock/);
    await db().updateTable('products').set({ stock_quantity: 0 }).where('id', '=', productId).execute();
    expect((await call.press('1')).text).toContain(gsm(ak.soldOut));
  });

  it('a fourth unpaid order: pay one first, in Twi', async () => {
    const { phone } = await twiCaller();
    const productId = await makeProduct(shop.server, 50, 1_250);
    for (let i = 0; i < 3; i++) expect((await (await toTwiConfirm(phone, productId, 1)).press('1')).text).toContain('SANDBOX');
    const refused = await (await toTwiConfirm(phone, productId, 1)).press('1');
    expect(refused.text).toContain(gsm(ak.tooManyUnpaid));
    expect(refused.text).not.toContain('unpaid');
  });

  it('the prompt limit of the number and the step limit of the number, in Twi', async () => {
    const { phone } = await twiCaller();
    const productId = await makeProduct(shop.server, 10, 1_250);
    const call = await toTwiConfirm(phone, productId, 1);
    await spend(`momo-prompt:account:${national(phone)}`, 10, 10);
    const refused = await call.press('1');
    expect(refused.text).toContain(gsm(ak.tooManyPrompts));
    expect(refused.text).not.toContain('Many payment prompts');
    // Three hundred screens an hour per number: the next call is told so, in its language.
    await spend(`ussd-step:account:${national(phone)}`, 300, 300);
    const limited = await dial(shop.server, phone).press();
    expect(limited.status).toBe(200);
    expect(limited.kind).toBe('END');
    expect(limited.text).toBe(gsm(ak.tooManySteps));
  });

  it('bad input gets the Twi sentence over the screen again', async () => {
    const call = dial(shop.server);
    await call.press();
    await call.press('6');
    await call.press('2');
    const wrong = await call.press('x');
    expect(wrong.text).toContain(gsm(ak.pickNumber));
    expect(wrong.text).toContain('1. To\n');
  });
});

describe('My orders in Twi', () => {
  it('shows each order\'s state and the pickup code in Twi', async () => {
    const { phone } = await twiCaller();
    const productId = await makeProduct(shop.server, 10, 1_250);
    const first = await toTwiConfirm(phone, productId, 1);
    await first.press('1');
    expect((await first.press('1')).kind).toBe('END');
    await (await toTwiConfirm(phone, productId, 1)).press('1');
    const orders = await db().selectFrom('orders').select(['id', 'payment_status']).where('user_id', '=', (await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', national(phone)).executeTakeFirstOrThrow()).user_id!).orderBy('id').execute();
    expect(orders.map((o) => o.payment_status)).toEqual(['PAID', 'PENDING']);

    const mine = await twiDial(phone);
    let screen = await mine.press('2');
    expect(screen.text).toContain(gsm(ak.ordersHeading));
    expect(screen.text).toContain(` ${gsm(ORDER_STATES_AK.PROCESSING!)}\n`);
    expect(screen.text).toContain(` ${gsm(ORDER_STATES_AK.PENDING!)}\n`);
    expect(screen.text).not.toMatch(/Paid|Placed/);

    await db().updateTable('orders').set({ status: 'SHIPPED', pickup_code: '482913' }).where('id', '=', orders[0]!.id).execute();
    const again = await twiDial(phone);
    screen = await again.press('2');
    expect(screen.text).toContain(gsm(ORDER_STATES_AK.SHIPPED!));
    screen = await again.press(choiceFor(screen, gsm(ORDER_STATES_AK.SHIPPED!)));
    expect(screen.text).toContain('kood 482913');
    expect(screen.text).toContain('Kogye: ');
    expect(screen.text).not.toMatch(/Ready for pickup|code 482913/);
  });

  it('uses the app\'s Twi words for the states', () => {
    for (const [status, words] of Object.entries(ORDER_STATES_AK)) expect(words).toBe(appTwi[`order.status.${status}` as keyof typeof appTwi]);
  });
});

describe('every Twi screen fits', () => {
  it('within the screen limit at the longest, in plain letters, with its back line', () => {
    const long = { name: 'N'.repeat(40), money: 'GHS 100,000.00', order: 'ORD-2026-000123', code: '*920*44*123#', url: 'akuafo.market' };
    const screens: string[] = Object.values(ak).flatMap((text) => (typeof text === 'string' ? [text] : []));
    screens.push(
      ak.listingsAsk('Farm Inputs'),
      ak.listingsElsewhere('Farm Inputs', 'Greater Accra'),
      ak.quantityAsk(long.name, long.money, 9999, 99),
      ak.quantityProblem(9999),
      ak.confirm(`99 x ${long.name.slice(0, 30)}`, long.name.slice(0, 30), long.money),
      ak.sandboxPrompt(long.money, long.order),
      ak.realPrompt(long.money, long.order),
      ak.paid(long.order),
      ak.waiting(long.order),
      ak.declined(long.order),
      ak.declinedEnd(long.order, long.code),
      ak.payPending(long.order),
      ak.sellJoinConfirm(long.name, long.name, 'Greater Accra'),
      ak.sellConfirm(9999, long.name, long.money),
      ak.sellDone(long.name),
      ak.help(long.code, COMPANY.phone),
      ak.sessionEnded(long.code),
      ak.onlyLeft(9999),
      // My orders: three orders by number and state; one of them with its total, pickup place, code and Pay line.
      `${ak.ordersHeading}\n${[1, 2, 3].map((i) => `${i}. ${long.order} ${ak.orderState('SHIPPED')}`).join('\n')}`,
      `${long.order}: ${ak.orderState('SHIPPED')}, ${ak.pickupCode('482913')}\n${ak.orderTotal(long.money)}\n${ak.pickupAt(long.name)}\n1. ${ak.payPending(long.order)}`,
    );
    for (const text of screens) {
      // With the back line under it, as the screens that go on show it.
      const shown = toGsm(`${text}\n0. ${ak.back}`);
      expect(shown.length, text).toBeLessThanOrEqual(SCREEN_AIM);
      expect(shown).not.toMatch(/[ɛɔƐƆ’]/);
    }
    // The refusals in English too: each alone on an END screen, or a line over the screen again.
    for (const text of [USSD_TEXTS.onlyLeft(9999), USSD_TEXTS.tooManyUnpaid, USSD_TEXTS.tooManyOrders, USSD_TEXTS.tooManyPrompts, USSD_TEXTS.tooManySteps, USSD_TEXTS.noWallet, USSD_TEXTS.providerDown, USSD_TEXTS.payExpired, USSD_TEXTS.payTooMany, USSD_TEXTS.orderChanged, USSD_TEXTS.failed]) {
      expect(toGsm(`${text}\n0. ${USSD_TEXTS.back}`).length, text).toBeLessThanOrEqual(SCREEN_AIM);
    }
    // The same keys as English: a screen never falls back to a missing word.
    expect(Object.keys(ak).sort()).toEqual(Object.keys(USSD_TEXTS).sort());
  });
});
