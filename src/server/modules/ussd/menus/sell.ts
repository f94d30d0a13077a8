import * as v from 'valibot';
import { CATEGORIES, GHANA_REGIONS, type GhanaRegion } from '../../../../shared/catalogue';
import { isGhanaCard } from '../../../../shared/ghana-card';
import { toMinor } from '../../../../shared/money';
import { singleLine } from '../../../../shared/schemas/single-line';
import { submissionCreateSchema } from '../../../../shared/schemas/submissions';
import { userLine } from '../../../platform/messages/user-line';
import { recordAudit } from '../../audit';
import { createSubmission } from '../../submissions';
import { ghs, listPage, pickFromList, type Screen, type UssdContext } from '../engine';
import { phoneAccount, registerPhoneSeller } from '../phone-accounts';

const MAX_STOCK = 9999;
const MAX_PRICE_MINOR = 10_000_000;

async function sellerOf(ctx: UssdContext): Promise<number | undefined> {
  const account = await phoneAccount(ctx.db, ctx.phone);
  return account?.user_id && account.user_type === 'SELLER' ? account.user_id : undefined;
}

/** A name typed on the keypad: one line (single-line.ts), 2 to 40 characters with a letter in them. */
function typedName(input: string): string | undefined {
  const name = singleLine(input);
  return name.length >= 2 && name.length <= 40 && /[a-z]/i.test(name) ? name : undefined;
}

/**
 * A Ghana Card number as a keypad types it: its 10 digits ("1234567890" is GHA-123456789-0),
 * or the card as printed.
 */
function typedGhanaCard(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '').replace(/^GHA/i, '');
  const card = /^\d{10}$/.test(digits) ? `GHA-${digits.slice(0, 9)}-${digits.slice(9)}` : '';
  return isGhanaCard(card) ? card : undefined;
}

/**
 * Sell: a farmer lists produce (category, name, quantity, price); it goes to review like any
 * listing. A number with no seller account registers one first (sell.join.*): name, farm,
 * region, Ghana Card; the seller waits for the operator's verification like one who signed up on the web.
 */
export const sellScreens: Record<string, Screen> = {
  sell: {
    async show(ctx) {
      if (!(await sellerOf(ctx))) return `${ctx.texts.sellJoin}\n0. ${ctx.texts.back}`;
      return listPage(ctx, 'categories', ctx.texts.sellCategory, CATEGORIES.map((c) => ({ id: c, label: c })));
    },
    async answer(ctx, input) {
      if (!(await sellerOf(ctx))) return input === '1' ? { go: 'sell.join.name' } : { problem: ctx.texts.pickNumber };
      const category = pickFromList<string>(ctx, 'categories', input);
      if (category === 'more') return { go: 'sell', keepBack: true };
      if (!category) return { problem: ctx.texts.pickNumber };
      ctx.data.sellCategory = category;
      return { go: 'sell.name' };
    },
  },
  'sell.join.name': {
    show: async (ctx) => `${ctx.texts.sellJoinName}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const name = typedName(input);
      if (!name) return { problem: ctx.texts.sellJoinNameProblem };
      ctx.data.joinName = name;
      return { go: 'sell.join.farm' };
    },
  },
  'sell.join.farm': {
    show: async (ctx) => `${ctx.texts.sellJoinFarm}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const farm = typedName(input);
      if (!farm) return { problem: ctx.texts.sellNameProblem };
      ctx.data.joinFarm = farm;
      return { go: 'sell.join.region' };
    },
  },
  'sell.join.region': {
    show: async (ctx) => listPage(ctx, 'joinRegions', ctx.texts.sellJoinRegion, GHANA_REGIONS.map((r) => ({ id: r, label: r }))),
    async answer(ctx, input) {
      const region = pickFromList<GhanaRegion>(ctx, 'joinRegions', input);
      if (region === 'more') return { go: 'sell.join.region', keepBack: true };
      if (!region) return { problem: ctx.texts.pickNumber };
      ctx.data.joinRegion = region;
      return { go: 'sell.join.card' };
    },
  },
  // The operator verifies only a seller who gave a Ghana Card number (sellers/service.ts), as on the web.
  'sell.join.card': {
    show: async (ctx) => `${ctx.texts.sellJoinCard}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const card = typedGhanaCard(input);
      if (!card) return { problem: ctx.texts.sellJoinCardProblem };
      ctx.data.joinCard = card;
      return { go: 'sell.join.confirm' };
    },
  },
  'sell.join.confirm': {
    acts: true,
    show: async (ctx) => `${ctx.texts.sellJoinConfirm(userLine(String(ctx.data.joinName), 40), userLine(String(ctx.data.joinFarm), 40), String(ctx.data.joinRegion))}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      if (input !== '1') return { problem: ctx.texts.pickNumber };
      const fields = { name: String(ctx.data.joinName), farm: String(ctx.data.joinFarm), region: ctx.data.joinRegion as GhanaRegion, ghanaCard: String(ctx.data.joinCard) };
      const sellerId = await registerPhoneSeller(ctx.db, ctx.phone, fields);
      await recordAudit(ctx.db, { id: sellerId, userType: 'SELLER', email: ctx.phone }, 'ussd.seller', { type: 'seller', id: sellerId }, `${fields.farm} (${fields.region}) registered by USSD from ${ctx.phone}`);
      return { end: ctx.texts.sellJoinDone };
    },
  },
  'sell.name': {
    show: async (ctx) => `${ctx.texts.sellName}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const name = typedName(input);
      if (!name) return { problem: ctx.texts.sellNameProblem };
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
      return `${ctx.texts.sellConfirm(Number(ctx.data.sellQuantity), userLine(String(ctx.data.sellName), 40), ghs(Number(ctx.data.sellPriceMinor)))}\n0. ${ctx.texts.back}`;
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
      return { end: ctx.texts.sellDone(userLine(created.name, 40)) };
    },
  },
};
