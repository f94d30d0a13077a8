import { spendAccountAllowance, type RateRule } from '../../../http/rate-limit';
import type { Screen, UssdContext } from '../engine';
import { TOO_MANY_RECORD_TEXTS } from '../refusals';

/** Record texts a seller may ask for in a day: each signs a record and is one SMS we pay for (the web's 20 shares a day stay its own). */
const RECORD_TEXTS_RATE: RateRule = { name: 'ussd-record-texts', windowMs: 24 * 3600_000, perIp: 0, perAccount: 3, message: TOO_MANY_RECORD_TEXTS };

const sellerOf = (ctx: UssdContext) => Number(ctx.data.sellerId);

/**
 * My sales record (issue 41 item 5, seller's menu): texts the seller a new share's code and
 * address, which a lender checks at /records/{code}, and the record's one-line summary
 * (docs/records.md). Shown only to a number that is a seller's account (menus/index.ts).
 */
export const recordScreens: Record<string, Screen> = {
  record: {
    // Sending signs a record and queues an SMS: a gateway's retry of the step must not do it twice.
    acts: true,
    show: async (ctx) => `${ctx.texts.recordAsk}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      if (input !== '1' || ctx.data.sellerId === undefined) return { problem: ctx.texts.pickNumber };
      await spendAccountAllowance(ctx.deps.rateLimiter, RECORD_TEXTS_RATE, sellerOf(ctx));
      await ctx.deps.salesRecords.textToSeller(sellerOf(ctx), ctx.phone);
      return { end: ctx.texts.recordSent };
    },
  },
};
