import { answerPriceQuery } from '../../market-prices';
import { SCREEN_AIM, type Screen } from '../engine';
import { phoneAccount } from '../phone-accounts';

/**
 * "Prices today": the caller types a crop and hears this week's prices in their region, in the
 * very words the PRICE SMS answers with (market-prices/sms.ts), so USSD and SMS never disagree:
 * in the caller's language, within one screen (a Twi SMS may take two parts; a screen cannot).
 */
const prices: Screen = {
  show: async (ctx) => `${ctx.texts.pricesAsk}\n0. ${ctx.texts.back}`,
  async answer(ctx, input) {
    const words = input.trim();
    // Letters make a crop's name; a number or 200 characters of anything is not one.
    if (!/[a-z]/i.test(words) || words.length > 40) return { problem: ctx.texts.pricesWhich };
    const region = (await phoneAccount(ctx.db, ctx.phone))?.ussd_region ?? null;
    return { end: await answerPriceQuery(ctx.db, words, region, { language: ctx.data.language as string | undefined, limit: SCREEN_AIM }) };
  },
};

export const priceScreens: Record<string, Screen> = { prices };
