import { describe, expect, it } from 'vitest';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import { now } from '../../src/server/platform/db';
import { shopServer } from '../support/shop';
import { choiceFor, dial, freshCaller } from '../support/ussd';

/**
 * Issue 41 item 5 by USSD: a seller's menu has My sales record last (every other item keeps its
 * number); it texts a new share's code, its address and a one-line summary, in the seller's
 * language; a buyer's menu has no such item; three texts a day, then a sentence.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (phone: string) => `0${phone.slice(4)}`;

/** A number that is a seller's phone account, with a profile (as USSD's Sell registers one). */
async function sellerNumber(language: 'en' | 'ak' = 'en') {
  const phone = freshCaller();
  const id = await buyerAccount(db(), national(phone));
  await db().updateTable('users').set({ user_type: 'SELLER', first_name: 'Akua', last_name: 'Mensah', language }).where('id', '=', id).execute();
  const at = now();
  await db().insertInto('seller_profiles').values({ user_id: id, business_name: 'Mensah Farms', business_region: 'Bono East', business_type: 'FARM', business_description: null, business_address: null, ghana_card_number: null, bank_account_name: null, bank_account_number: null, verification_status: 'VERIFIED', commission_rate_bp: 500, created_at: at, updated_at: at } as never).execute();
  return { phone, id };
}

const smsTo = (phone: string) => db().selectFrom('messages').select(['body', 'topic']).where('channel', '=', 'sms').where('recipient', '=', phone).orderBy('id').execute();

describe('My sales record by USSD', () => {
  it('texts the seller a new record code and a one-line summary; the code opens the public record', async () => {
    const { phone, id } = await sellerNumber();
    const call = dial(shop.server, phone);
    const menu = await call.press();
    expect(menu.text.split('\n').slice(1, 7)).toEqual(['1. Buy', '2. My orders', '3. Sell', '4. Prices today', '5. Help', '6. Language/Kasa']);
    const asked = await call.press(choiceFor(menu, 'My sales record'));
    expect(asked.text).toContain('1. Send by SMS');
    const done = await call.press('1');
    expect(done).toMatchObject({ kind: 'END', text: 'We sent your sales record code by SMS to this phone.' });
    // A gateway's retry of the step sends nothing more.
    await call.again();
    const shares = await db().selectFrom('sales_records').select('code').where('seller_id', '=', id).execute();
    expect(shares).toHaveLength(1);
    const [sms] = await smsTo(phone);
    expect(sms?.body).toContain(shares[0]!.code);
    expect(sms?.body).toContain(`/records/${shares[0]!.code}`);
    expect(sms?.body).toContain('24 months: 0 orders, GH');
    expect((await shop.server.call(`/records/${shares[0]!.code}`)).status).toBe(200);
  });

  it('is in Twi for a seller who chose it, not on a buyer’s menu, and three a day', async () => {
    const { phone } = await sellerNumber('ak');
    for (let i = 0; i < 3; i++) {
      const call = dial(shop.server, phone);
      const menu = await call.press();
      await call.press(choiceFor(menu, 'Me adetɔn nkrataa'.replace('ɔ', 'o')));
      expect((await call.press('1')).kind).toBe('END');
    }
    const texts = await smsTo(phone);
    expect(texts).toHaveLength(3);
    expect(texts[0]!.body).toMatch(/nkrataa/);
    const fourth = dial(shop.server, phone);
    const menu = await fourth.press();
    await fourth.press(choiceFor(menu, 'Me adeton nkrataa'));
    const refused = await fourth.press('1');
    expect(refused.kind).toBe('CON');
    expect(refused.text).toContain('Yɛde wo nkrataa abrɛ wo mpɛn bebree ɛnnɛ'.replace(/ɛ/g, 'e').replace(/ɔ/g, 'o'));
    expect(await smsTo(phone)).toHaveLength(3);

    const buyer = dial(shop.server, freshCaller());
    expect((await buyer.press()).text).not.toContain('record');
  });
});
