import { describe, expect, it } from 'vitest';
import { shopServer } from '../support/shop';
import { atCallback, choiceFor, dial, freshCaller } from '../support/ussd';

/**
 * The USSD language choice attacked: a forged `text` (words where a number goes, a property
 * name of every object, a 5 KB answer), sixty choices at once for one number, and another
 * number's session id. Each is a screen with a sentence, never the "went wrong" screen, and a
 * number's language is only ever set by that number.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (phone: string) => `0${phone.slice(4)}`;
const languageOf = async (phone: string) =>
  (await db().selectFrom('phone_accounts').innerJoin('users', 'users.id', 'phone_accounts.user_id').select('users.language').where('phone_accounts.phone', '=', national(phone)).executeTakeFirst())?.language;
const WENT_WRONG = /something went wrong/i;

async function atLanguageScreen() {
  const call = dial(shop.server);
  const menu = await call.press();
  await call.press(choiceFor(menu, 'Language/Kasa'));
  return call;
}

describe('the language screen, forged answers', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'ak', 'en', '02', '-1', '2.0', '1*2'])('%s is asked again with the list, nothing kept', async (forged) => {
    const call = await atLanguageScreen();
    const answer = await call.press(forged);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(WENT_WRONG);
    expect(answer.kind).toBe('CON');
    expect(answer.text).toContain('Please reply with a number from the list.');
    expect(await languageOf(call.phoneNumber)).toBeUndefined();
  });

  it('a 5 KB answer is refused with a sentence, not the "went wrong" screen', async () => {
    const call = await atLanguageScreen();
    const answer = await call.press('2'.repeat(5000));
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toMatch(WENT_WRONG);
    expect(await languageOf(call.phoneNumber)).toBeUndefined();
  });

  it('sixty choices at once for one number (retries and forks of one session) leave one account with one language', async () => {
    const call = await atLanguageScreen();
    const sessionText = (await Promise.all(Array.from({ length: 60 }, (_, i) => atCallback(shop.server, { sessionId: call.sessionId, phoneNumber: call.phoneNumber, text: `6*${i % 2 ? 2 : 1}` })))).map((s) => s.text);
    for (const text of sessionText) expect(text).not.toMatch(WENT_WRONG);
    const accounts = await db().selectFrom('phone_accounts').select('user_id').where('phone', '=', national(call.phoneNumber)).execute();
    expect(accounts).toHaveLength(1);
    expect(['en', 'ak']).toContain(await languageOf(call.phoneNumber));
  });
});

describe('another number\'s session id', () => {
  it('does not carry that number\'s session: the intruder starts at their own menu and sets only their own language', async () => {
    const victim = await atLanguageScreen();
    const intruder = freshCaller();
    // The gateway would never send this; a forged or recycled session id must still not mix callers.
    const screen = await atCallback(shop.server, { sessionId: victim.sessionId, phoneNumber: intruder, text: '6*2' });
    expect(screen.text).not.toMatch(WENT_WRONG);
    expect(await languageOf(victim.phoneNumber)).toBeUndefined();
    // The victim's own session goes on where it was: the language screen.
    const own = await victim.press('2');
    expect(own.text).not.toMatch(WENT_WRONG);
    expect(await languageOf(victim.phoneNumber)).toBe('ak');
  });
});
