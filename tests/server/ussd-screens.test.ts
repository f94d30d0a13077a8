import { describe, expect, it } from 'vitest';
import { SCREEN_AIM } from '../../src/server/modules/ussd/engine';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import { makeProduct, shopServer } from '../support/shop';
import { choiceFor, dial, freshCaller, pageTo, type Screen } from '../support/ussd';

/**
 * Issue 37: every screen the engine shows, walked in English and in Twi at its longest (long
 * names, every list's pages, a wrong answer on each screen, the ends): within 160 characters,
 * in plain letters, and no name cut inside a word or before a bracket it leaves open.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (phone: string) => `0${phone.slice(4)}`;

const PRODUCT = 'White Maize (50 kg bag) from Techiman farms, sun-dried';
const WAREHOUSE = 'Techiman Market Depot (behind the main lorry station)';
const FARM = 'Owusu-Ansah Family Farms (Kintampo)';
const LISTING = 'Garden eggs (white and green, big)';
const NAMES = [PRODUCT, WAREHOUSE, FARM, LISTING];

/** Where a screen shows the start of `full`, what it shows of it ends at a word and closes its brackets. */
function expectWholeWords(text: string, full: string) {
  for (const line of text.split('\n')) {
    const at = line.indexOf(full.slice(0, 10));
    if (at < 0) continue;
    const rest = line.slice(at);
    let shown = 0;
    while (shown < rest.length && shown < full.length && rest[shown] === full[shown]) shown++;
    const part = full.slice(0, shown).trimEnd();
    expect(part.length === full.length || full[part.length] === ' ', `"${line}" cuts "${full}" inside a word`).toBe(true);
    expect(part.split('(').length, `"${line}" leaves a bracket of "${full}" open`).toBe(part.split(')').length);
  }
}

async function walkEverything(language: 'en' | 'ak') {
  const phone = freshCaller();
  const userId = await buyerAccount(db(), national(phone));
  await db().updateTable('users').set({ language }).where('id', '=', userId).execute();
  const seen: Screen[] = [];
  const caller = () => {
    const call = dial(shop.server, phone);
    const press = async (input?: string) => {
      const screen = await call.press(input);
      seen.push(screen);
      return screen;
    };
    // Every screen gets a wrong answer too (the problem line over it), then the walk goes on.
    const wrong = (input = 'abc') => press(input);
    /** Dials; a session left open a moment ago is offered back (1. Continue 2. Start again): this starts again. */
    const start = async () => {
      const first = await press();
      return first.text.includes('\n1. ') && first.text.includes('\n2. ') && !first.text.includes('\n3. ') ? press('2') : first;
    };
    return { press, wrong, start };
  };

  // The menu, Help, the language and Prices today.
  let c = caller();
  await c.press();
  await c.wrong();
  await c.press('5');
  await c.wrong();
  await c.press('0');
  await c.press('6');
  await c.wrong('9');
  await c.press(language === 'ak' ? '2' : '1');
  await c.press('4');
  await c.wrong('99');
  expect((await c.press('maize')).kind).toBe('END');

  // Buy, every list paged through, to a declined prompt.
  c = caller();
  await c.press();
  let screen = await c.press('1');
  await c.wrong();
  screen = await pageTo(c.press, screen, 'Ashanti');
  screen = await c.press(choiceFor(screen, 'Ashanti'));
  await c.wrong();
  screen = await pageTo(c.press, screen, 'Tubers');
  screen = await c.press(choiceFor(screen, 'Tubers'));
  await c.wrong();
  screen = await pageTo(c.press, screen, 'White Maize');
  await c.press(choiceFor(screen, 'White Maize'));
  await c.wrong('12345');
  screen = await c.press('2');
  await c.wrong();
  screen = await pageTo(c.press, screen, 'Techiman Market');
  await c.press(choiceFor(screen, 'Techiman Market'));
  await c.wrong('5');
  await c.press('1');
  await c.wrong('7');
  await c.press('2');
  await c.wrong('5');
  expect((await c.press('2')).kind).toBe('END');

  // My orders, and the order.
  c = caller();
  await c.start();
  await c.press('2');
  await c.wrong('x');
  await c.press('1');
  await c.wrong('7');

  // Sell: the number registers as a seller, then lists.
  c = caller();
  await c.start();
  await c.press('3');
  await c.wrong('x');
  await c.press('1');
  await c.wrong('1');
  await c.press('Kwabena Owusu-Ansah');
  await c.wrong('22');
  screen = await c.press(FARM);
  await c.wrong();
  screen = await pageTo(c.press, screen, 'Ashanti');
  await c.press(choiceFor(screen, 'Ashanti'));
  await c.wrong('12');
  await c.press('1234567890');
  await c.wrong('9');
  expect((await c.press('1')).kind).toBe('END');
  c = caller();
  await c.start();
  screen = await c.press('3');
  await c.wrong();
  screen = await pageTo(c.press, screen, 'Vegetables');
  await c.press(choiceFor(screen, 'Vegetables'));
  await c.wrong('1');
  await c.press(LISTING);
  await c.wrong('12345');
  await c.press('25');
  await c.wrong('abc');
  await c.press('7.50');
  await c.wrong('9');
  const listed = await c.press('1');
  expect(listed.kind, listed.text).toBe('END');

  // A dropped session offered back, and one that timed out.
  c = caller();
  await c.start();
  await c.press('1');
  c = caller();
  await c.press();
  await c.wrong('5');
  await c.press('2');
  await c.press('1');
  await db().updateTable('ussd_sessions').set({ updated_at: new Date(Date.now() - 190_000).toISOString() }).where('phone', '=', national(phone)).where('ended', '=', 0).execute();
  expect((await c.press('1')).kind).toBe('END');
  return seen;
}

describe('every USSD screen', () => {
  it.each(['en', 'ak'] as const)('fits 160 characters in plain letters and cuts no name inside a word (%s)', { timeout: 60_000 }, async (language) => {
    const productId = await makeProduct(shop.server, 117, 1_250);
    await db().updateTable('products').set({ name: PRODUCT }).where('id', '=', productId).execute();
    await db().insertInto('warehouses').values({ name: WAREHOUSE, address: 'Techiman', region: 'Ashanti', is_active: 1 }).execute();
    const seen = await walkEverything(language);
    expect(seen.length).toBeGreaterThan(60);
    for (const screen of seen) {
      expect(screen.status).toBe(200);
      expect(screen.text.length, screen.text).toBeLessThanOrEqual(SCREEN_AIM);
      expect(screen.text).not.toMatch(/[ɛɔƐƆ’…]|\.\.\.$/);
      for (const name of NAMES) expectWholeWords(screen.text, name);
    }
    // The walk met the long names where they are cut and where they are whole.
    expect(seen.some((s) => /^\d\. White Maize GHS/m.test(s.text))).toBe(true);
    expect(seen.some((s) => s.text.startsWith('White Maize (50 kg bag) from Techiman\n'))).toBe(true);
    expect(seen.some((s) => s.text.includes('Techiman Market'))).toBe(true);
    await db().updateTable('warehouses').set({ is_active: 0 }).where('name', '=', WAREHOUSE).execute();
    await db().updateTable('products').set({ is_active: 0 }).where('id', '=', productId).execute();
  });
});
