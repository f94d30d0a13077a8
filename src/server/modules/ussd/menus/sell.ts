import * as v from 'valibot';
import { CATEGORIES } from '../../../../shared/catalogue';
import { toMinor } from '../../../../shared/money';
import { submissionCreateSchema } from '../../../../shared/schemas/submissions';
import { recordAudit } from '../../audit/service';
import { createSubmission } from '../../submissions/service';
import { ghs, listPage, pickFromList, type Screen, type UssdContext } from '../engine';
import { phoneAccount } from '../phone-accounts';

const MAX_STOCK = 9999;
const MAX_PRICE_MINOR = 10_000_000;

async function sellerOf(ctx: UssdContext): Promise<number | undefined> {
  const account = await phoneAccount(ctx.db, ctx.phone);
  return account?.user_id && account.user_type === 'SELLER' ? account.user_id : undefined;
}

/** Sell: a farmer lists produce (category, name, quantity, price); it goes to review like any listing. */
export const sellScreens: Record<string, Screen> = {
  sell: {
    async show(ctx) {
      if (!(await sellerOf(ctx))) return `${ctx.texts.sellNeedsAccount(ctx.deps.config.publicUrl.replace(/^https?:\/\//, ''))}\n0. ${ctx.texts.back}`;
      return listPage(ctx, 'categories', ctx.texts.sellCategory, CATEGORIES.map((c) => ({ id: c, label: c })));
    },
    async answer(ctx, input) {
      if (!(await sellerOf(ctx))) return { problem: ctx.texts.pickNumber };
      const category = pickFromList<string>(ctx, 'categories', input);
      if (category === 'more') return { go: 'sell', keepBack: true };
      if (!category) return { problem: ctx.texts.pickNumber };
      ctx.data.sellCategory = category;
      return { go: 'sell.name' };
    },
  },
  'sell.name': {
    show: async (ctx) => `${ctx.texts.sellName}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const name = input.replace(/\s+/g, ' ').trim();
      if (name.length < 2 || name.length > 40 || !/[a-z]/i.test(name)) return { problem: ctx.texts.sellNameProblem };
      ctx.data.sellName = name;
      return { go: 'sell.quantity' };
    },
  },
  'sell.quantity': {
    show: async (ctx) => `${ctx.texts.sellQuantity}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const n = /^\d{1,4}$/.test(input) ? Number(input) : 0;
      if (n < 1 || n > MAX_STOCK) return { problem: ctx.texts.sellQuantityProblem };
      ctx.data.sellQuantity = n;
      return { go: 'sell.price' };
    },
  },
  'sell.price': {
    show: async (ctx) => `${ctx.texts.sellPrice}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      // Phones' keypads have no "." in some USSD menus: "12*50" is read as 12.50 too.
      const match = /^(\d{1,6})(?:[.*](\d{1,2}))?$/.exec(input);
      const minor = match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : 0;
      if (minor < 1 || minor > MAX_PRICE_MINOR) return { problem: ctx.texts.sellPriceProblem };
      ctx.data.sellPriceMinor = minor;
      return { go: 'sell.confirm' };
    },
  },
  'sell.confirm': {
    acts: true,
    async show(ctx) {
      return `${ctx.texts.sellConfirm(Number(ctx.data.sellQuantity), String(ctx.data.sellName), ghs(Number(ctx.data.sellPriceMinor)))}\n0. ${ctx.texts.back}`;
    },
    async answer(ctx, input) {
      if (input !== '1') return { problem: ctx.texts.pickNumber };
      const sellerId = await sellerOf(ctx);
      if (!sellerId) return { problem: ctx.texts.pickNumber };
      const fields = v.safeParse(submissionCreateSchema, {
        name: ctx.data.sellName,
        description: `${ctx.data.sellName}, listed by phone (USSD) from ${ctx.phone}. The operator may add a photo.`,
        category: ctx.data.sellCategory,
        price: Number(ctx.data.sellPriceMinor) / 100,
        stockQuantity: Number(ctx.data.sellQuantity),
      });
      if (!fields.success) return { problem: fields.issues[0].message };
      const created = await createSubmission(ctx.db, sellerId, fields.output, [], true);
      await recordAudit(ctx.db, { id: sellerId, userType: 'SELLER', email: ctx.phone }, 'ussd.listing', { type: 'submission', id: created.id }, `${created.name} listed by USSD from ${ctx.phone}`);
      if (toMinor(created.price) !== Number(ctx.data.sellPriceMinor)) throw new Error('price changed on the way in');
      return { end: ctx.texts.sellDone(created.name) };
    },
  },
};
