import { describe, expect, it } from 'vitest';
import { answerPriceQuery } from '../../src/server/modules/market-prices/sms';
import { shopServer } from '../support/shop';
import { dial, freshCaller } from '../support/ussd';

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

  it('goes back to the main menu on 0', async () => {
    const call = dial(shop.server, freshCaller());
    await call.press();
    await call.press('4');
    expect((await call.press('0')).text).toContain('1. Buy');
  });
});
