import { describe, expect, it } from 'vitest';
import { answerPriceQuery } from '../../src/server/modules/market-prices/sms';
import { shopServer } from '../support/shop';
import { SCREEN_AIM } from '../../src/server/modules/ussd/engine';
import { dial, freshCaller, choiceFor } from '../support/ussd';

const shop = shopServer();

describe('USSD: Prices today', () => {
  it('answers a typed crop with the same words as the PRICE SMS, and asks again on a number or a flood of text', async () => {
    const call = dial(shop.server, freshCaller());
    const main = await call.press();
    expect(main.text).toContain('4. Prices today');
    expect(main.text).toContain('5. Help');
    const ask = await call.press('4');
    expect(ask).toMatchObject({ kind: 'CON', text: expect.stringContaining('type a crop') });
    for (const bad of ['99', '', 'x'.repeat(200)]) {
      const again = await call.press(bad);
      expect(again.kind).toBe('CON');
      expect(again.text).toContain('Please type the name of a crop');
    }
    const answer = await call.press('maize');
    expect(answer.kind).toBe('END');
    // No region is known for a new caller: the whole country, as the SMS would say it.
    expect(answer.text).toBe(await answerPriceQuery(shop.server.deps.db, 'maize', null));
    expect(answer.text).toContain('Maize');
  });

  it('answers a Twi caller in Twi, on one screen, in plain letters, for a crop named in Twi or English', async () => {
    const call = dial(shop.server, freshCaller());
    const menu = await call.press();
    await call.press(choiceFor(menu, 'Language/Kasa'));
    const twi = await call.press('2');
    const ask = await call.press(choiceFor(twi, 'Enne dwam bo'));
    expect(ask.text).toContain('te se ABUROW');
    const wrong = await call.press('99');
    expect(wrong.text).toContain('kyerew nnobae din, te se ABUROW anaa BAYERE');
    const answer = await call.press('aburow');
    expect(answer.kind).toBe('END');
    expect(answer.text).toMatch(/^Akuafo Ghana nnawotwe yi: Aburow \(kotoku 50 kg\): /);
    expect(answer.text).not.toMatch(/[ɛɔ]|Maize/);
    expect(answer.text.length).toBeLessThanOrEqual(SCREEN_AIM);
    expect(answer.text).toBe(await answerPriceQuery(shop.server.deps.db, 'maize', null, { language: 'ak', limit: SCREEN_AIM }));
  });

  it('goes back to the main menu on 0', async () => {
    const call = dial(shop.server, freshCaller());
    await call.press();
    await call.press('4');
    expect((await call.press('0')).text).toContain('1. Buy');
  });
});
