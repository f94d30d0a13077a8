import { describe, expect, it } from 'vitest';
import { SCREEN_LIMIT } from '../../src/server/modules/ussd/engine';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import { USSD_TEXTS, ussdTexts } from '../../src/server/modules/ussd/texts';
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
    expect(screen.text).toMatch(/Ne nyinaa GHS \d+\.\d\d \(VAT ka ho\)/);
    expect(screen.text).toContain("0. San w'akyi");
  });
});

describe('every Twi screen fits', () => {
  it('within the screen limit at the longest, in plain letters, with its back line', () => {
    const ak = ussdTexts('ak');
    const long = { name: 'N'.repeat(40), money: 'GHS 100,000.00', order: 'ORD-2026-000123', code: '*920*44*123#', url: 'akuafo.market' };
    const screens: string[] = Object.values(ak).flatMap((text) => (typeof text === 'string' ? [text] : []));
    screens.push(
      ak.listingsAsk('Farm Inputs'),
      ak.quantityAsk(long.name, long.money, 9999),
      ak.quantityProblem(9999),
      ak.confirm(`9999 x ${long.name}`, long.name, long.money),
      ak.sandboxPrompt(long.money, long.order),
      ak.realPrompt(long.money, long.order),
      ak.paid(long.order),
      ak.waiting(long.order),
      ak.declined(long.order),
      ak.declinedEnd(long.order, long.code),
      ak.payPending(long.order),
      ak.sellNeedsAccount(long.url),
      ak.sellConfirm(9999, long.name, long.money),
      ak.sellDone(long.name),
      ak.help(long.code),
    );
    for (const text of screens) {
      // With the back line under it, as the screens that go on show it.
      const shown = toGsm(`${text}\n0. ${ak.back}`);
      expect(shown.length, text).toBeLessThanOrEqual(SCREEN_LIMIT);
      expect(shown).not.toMatch(/[ɛɔƐƆ’]/);
    }
    // The same keys as English: a screen never falls back to a missing word.
    expect(Object.keys(ak).sort()).toEqual(Object.keys(USSD_TEXTS).sort());
  });
});
