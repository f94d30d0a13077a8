import { describe, expect, it } from 'vitest';
import { shopServer } from '../support/shop';
import { chat, freshNumber, walkToConfirm, wordsOf } from '../support/whatsapp-chat';
import { makeUser } from '../support/shop';
import { dial } from '../support/ussd';

const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (from: string) => `0${from.slice(4)}`;
const tokensOf = async (userId: number) => (await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', userId).execute()).length;
const ordersOfUser = (userId: number) => db().selectFrom('orders').select(['id', 'channel']).where('user_id', '=', userId).execute();

describe('WhatsApp: accounts and safety (issue 42 item 5)', () => {
  it('a web account whose verified phone writes buys as that account, and gets no web session from the chat', async () => {
    const from = freshNumber();
    const web = await makeUser(shop.server);
    await db().updateTable('users').set({ phone: national(from), is_phone_verified: 1 }).where('id', '=', web.id).execute();
    const tokens = await tokensOf(web.id);
    const { c } = await walkToConfirm(shop, chat(shop.server, from));
    await c.tap('Confirm');
    expect(await ordersOfUser(web.id)).toMatchObject([{ channel: 'whatsapp' }]);
    expect(await tokensOf(web.id)).toBe(tokens);
  });

  it("never takes a number another account holds: the number's own account buys, the other's is untouched", async () => {
    const from = freshNumber();
    const holder = await makeUser(shop.server);
    const at = new Date().toISOString();
    await db().insertInto('phone_accounts').values({ phone: national(from), user_id: holder.id, ussd_region: 'Ashanti', created_at: at, updated_at: at }).execute();
    const other = await makeUser(shop.server);
    await db().updateTable('users').set({ phone: national(from), is_phone_verified: 1 }).where('id', '=', other.id).execute();
    const { c } = await walkToConfirm(shop, chat(shop.server, from));
    await c.tap('Confirm');
    expect(await ordersOfUser(holder.id)).toHaveLength(1);
    expect(await ordersOfUser(other.id)).toHaveLength(0);
    const row = await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', national(from)).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(holder.id);
  });

  it('the unpaid-order cap holds in a chat: a fourth unpaid order is refused with a sentence', async () => {
    const c = chat(shop.server);
    for (let i = 0; i < 3; i++) {
      await walkToConfirm(shop, c);
      expect(wordsOf(await c.tap('Confirm'))).toContain('SANDBOX');
    }
    await walkToConfirm(shop, c);
    const refused = await c.tap('Confirm');
    expect(wordsOf(refused)).toContain('You have 3 unpaid orders');
    const account = await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', national(c.from)).executeTakeFirstOrThrow();
    expect(await ordersOfUser(account.user_id!)).toHaveLength(3);
  });

  it("a chat left mid-way is never offered to the same number's USSD session as one to continue", async () => {
    const c = chat(shop.server);
    await c.say('hi');
    await c.tap('Buy');
    const screen = await dial(shop.server, c.from).press();
    expect(screen.text).toContain('1. Buy');
    expect(screen.text).not.toContain('Continue where you left off');
  });

  it('more than 60 messages a minute from one number are refused with a sentence; 30 a minute are answered', async () => {
    const c = chat(shop.server);
    for (let i = 0; i < 30; i++) expect(wordsOf(await c.say('hi'))).toContain('Buy');
    for (let i = 0; i < 30; i++) await c.say('hi');
    expect(wordsOf(await c.say('hi'))).toContain('Too many messages');
  });
});
