import { sql } from 'kysely';
import { wordSpellings, searchWords } from '../../../shared/search';
import { userLine } from '../../platform/messages/user-line';
import { adoptListedProducts, updateSubmission } from '../submissions';
import { planConsignments } from '../transport';
import { answerPriceQuery } from '../market-prices';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { WHATSAPP_LIMITS } from './messages';
import { ghs, listPage, phoneAccount, pickFromList, SCREENS, wholeNumber, type Outcome, type Screen, type UssdContext } from '../ussd';
import { whatsappTexts } from './texts';

/** Search results offered at once: one list of the chat (ten rows, "More" among them). */
const FOUND_SHOWN = 45;
const MAX_STOCK = 9999;
const MAX_PRICE_MINOR = 10_000_000;

const wa = (ctx: UssdContext) => whatsappTexts(ctx.data.language === 'ak' ? 'ak' : 'en');
/** Letters make a search ("aburow"); a number is a choice. */
const isWords = (input: string) => /\p{L}/u.test(input) && input.length <= 60;

async function sellerOf(ctx: UssdContext): Promise<number | undefined> {
  const account = await phoneAccount(ctx.db, ctx.phone);
  return account?.user_id && account.user_type === 'SELLER' ? account.user_id : undefined;
}

/** The seller's live listings: approved submissions whose product is on sale. */
async function liveListings(ctx: UssdContext, sellerId: number) {
  await adoptListedProducts(ctx.db, sellerId);
  return ctx.db
    .selectFrom('product_submissions')
    .innerJoin('products', 'products.id', 'product_submissions.product_id')
    .select(['product_submissions.id', 'products.name', 'products.stock_quantity', 'products.price_minor'])
    .where('product_submissions.seller_id', '=', sellerId)
    .where('product_submissions.status', '=', 'APPROVED')
    .where('products.is_active', '=', 1)
    .orderBy('products.updated_at', 'desc')
    .orderBy('product_submissions.id', 'desc')
    .limit(45)
    .execute();
}

async function oneListing(ctx: UssdContext) {
  const sellerId = await sellerOf(ctx);
  if (!sellerId) return undefined;
  const row = (await liveListings(ctx, sellerId)).find((l) => l.id === Number(ctx.data.sellListing));
  return row ? { sellerId, ...row } : undefined;
}

const base = SCREENS;

/**
 * The chat's screens: USSD's (ussd/menus), with what a chat can do beyond a keypad: a typed
 * search from the categories, and a seller's live listings (stock and price) at Sell.
 */
export const WHATSAPP_SCREENS: Record<string, Screen> = {
  ...base,
  buy: {
    async show(ctx) {
      const shown = await base.buy!.show(ctx);
      if (!ctx.data.region) return shown;
      const [first, ...rest] = shown.split('\n');
      return [first, wa(ctx).searchHint, ...rest].join('\n');
    },
    async answer(ctx, input) {
      if (ctx.data.region && isWords(input)) {
        ctx.data.search = input;
        return { go: 'wa.search' };
      }
      return base.buy!.answer(ctx, input);
    },
  },
  'wa.search': {
    async show(ctx) {
      const words = searchWords(String(ctx.data.search ?? '')).map((w) => w.replace(/[%_\\]/g, ''));
      const haystack = sql<string>`lower(name || ' ' || category || ' ' || description)`;
      let query = ctx.db.selectFrom('products').select(['id', 'name', 'price_minor']).where('is_active', '=', 1).where('stock_quantity', '>', 0);
      for (const word of words.filter(Boolean)) query = query.where((eb) => eb.or(wordSpellings(word).map((s) => eb(haystack, 'like', `%${s}%`))));
      const rows = await query
        .orderBy(sql`case when region = ${String(ctx.data.region ?? '')} then 0 else 1 end`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(FOUND_SHOWN)
        .execute();
      const said = userLine(String(ctx.data.search ?? ''), 30);
      if (rows.length === 0) return `${wa(ctx).searchNone(said)}\n0. ${ctx.texts.back}`;
      return listPage(ctx, 'found', wa(ctx).searchResults(said), rows.map((r) => ({ id: r.id, label: `${userLine(r.name, 20)} ${ghs(r.price_minor)}` })));
    },
    async answer(ctx, input) {
      if (isWords(input)) {
        ctx.data.search = input;
        return { go: 'wa.search', keepBack: true };
      }
      const id = pickFromList<number>(ctx, 'found', input);
      if (id === 'more') return { go: 'wa.search', keepBack: true };
      if (id === undefined) return { problem: ctx.texts.pickNumber };
      ctx.data.productId = id;
      return { go: 'buy.quantity' };
    },
  },
  /**
   * The pickup warehouses with what carrying the goods to each costs, cheapest (nearest the
   * seller's drop-off) first, priced as confirm and checkout price it; the answer is USSD's.
   */
  'buy.warehouse': {
    async show(ctx) {
      const p = await ctx.db.selectFrom('products').select(['id', 'name', 'category', 'seller_id', 'unit_weight_g', 'region']).where('id', '=', Number(ctx.data.productId)).executeTakeFirst();
      const rows = await ctx.db.selectFrom('warehouses').select(['id', 'name', 'region']).where('is_active', '=', 1).orderBy('name').execute();
      if (!p) return base['buy.warehouse']!.show(ctx);
      const placed = new Date();
      const line = { ...p, quantity: Number(ctx.data.quantity) };
      const priced = await Promise.all(rows.map(async (w) => ({ ...w, fee: (await planConsignments(ctx.db, w.id, [line], placed)).reduce((sum, c) => sum + c.feeMinor, 0) })));
      const near = (w: { region: string | null }) => (w.region === p.region ? 0 : w.region === ctx.data.region ? 1 : 2);
      priced.sort((a, b) => a.fee - b.fee || near(a) - near(b) || a.name.localeCompare(b.name));
      return listPage(ctx, 'warehouses', ctx.texts.warehouseAsk, priced.map((w) => ({ id: w.id, label: w.fee > 0 ? wa(ctx).warehouseFee(userLine(w.name, 30), ghs(w.fee)) : userLine(w.name, 30) })));
    },
    answer: (ctx, input) => base['buy.warehouse']!.answer(ctx, input),
  },
  /**
   * Prices: USSD's question, answered in the SMS's words with last week's figures beside this
   * week's, in the number's region or one typed with the crop ("maize Northern").
   */
  prices: {
    show: (ctx) => base.prices!.show(ctx),
    async answer(ctx, input) {
      const typedRegion = [...GHANA_REGIONS].sort((a, b) => b.length - a.length).find((r) => input.toLowerCase().includes(r.toLowerCase()));
      const words = typedRegion ? input.replace(new RegExp(typedRegion, 'i'), ' ').trim() : input.trim();
      if (!/\p{L}/u.test(words) || words.length > 40) return { problem: ctx.texts.pricesWhich };
      const region = typedRegion ?? (await phoneAccount(ctx.db, ctx.phone))?.ussd_region ?? null;
      return { end: await answerPriceQuery(ctx.db, words, region, { language: ctx.data.language as string | undefined, limit: WHATSAPP_LIMITS.textBody - 200, lastWeek: true }) };
    },
  },
  sell: {
    async show(ctx) {
      const sellerId = await sellerOf(ctx);
      const listings = sellerId ? await liveListings(ctx, sellerId) : [];
      if (listings.length === 0) return base.sell!.show(ctx);
      const items = [{ id: 0, label: wa(ctx).sellNew }, ...listings.map((l) => ({ id: l.id, label: `${userLine(l.name, 16)} ${l.stock_quantity} ${ghs(l.price_minor)}` }))];
      return listPage(ctx, 'listings', wa(ctx).sellListings, items);
    },
    async answer(ctx, input) {
      const sellerId = await sellerOf(ctx);
      if (!sellerId || (await liveListings(ctx, sellerId)).length === 0) return base.sell!.answer(ctx, input);
      const id = pickFromList<number>(ctx, 'listings', input);
      if (id === 'more') return { go: 'sell', keepBack: true };
      if (id === undefined) return { problem: ctx.texts.pickNumber };
      if (id === 0) return { go: 'wa.sell.new' };
      ctx.data.sellListing = id;
      return { go: 'wa.sell.one' };
    },
  },
  // USSD's listing of something new, its category pages kept on this screen.
  'wa.sell.new': {
    show: (ctx) => listPageOfSell(ctx),
    async answer(ctx, input): Promise<Outcome> {
      const outcome = await base.sell!.answer(ctx, input);
      return 'go' in outcome && outcome.go === 'sell' ? { go: 'wa.sell.new', keepBack: true } : outcome;
    },
  },
  'wa.sell.one': {
    async show(ctx) {
      const l = await oneListing(ctx);
      if (!l) return `${wa(ctx).sellGone}\n0. ${ctx.texts.back}`;
      return `${wa(ctx).sellOne(userLine(l.name, 40), l.stock_quantity, ghs(l.price_minor))}\n1. ${wa(ctx).sellChangeStock}\n2. ${wa(ctx).sellChangePrice}\n0. ${ctx.texts.back}`;
    },
    async answer(ctx, input) {
      if (input === '1') return { go: 'wa.sell.stock' };
      if (input === '2') return { go: 'wa.sell.price' };
      return { problem: ctx.texts.pickNumber };
    },
  },
  'wa.sell.stock': {
    show: async (ctx) => `${wa(ctx).sellStockAsk}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const n = input === '0' ? 0 : wholeNumber(input, MAX_STOCK);
      if (n === undefined) return { problem: wa(ctx).sellStockProblem };
      const l = await oneListing(ctx);
      if (!l) return { problem: wa(ctx).sellGone };
      // The web's rules: the seller's own listing, and an approved one's stock goes live at once (submissions/service.ts).
      await updateSubmission(ctx.db, l.sellerId, l.id, { stockQuantity: n });
      return { end: wa(ctx).sellStockDone(userLine(l.name, 40), n) };
    },
  },
  'wa.sell.price': {
    show: async (ctx) => `${ctx.texts.sellPrice}\n0. ${ctx.texts.back}`,
    async answer(ctx, input) {
      const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(input);
      const minor = match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : 0;
      if (minor < 1 || minor > MAX_PRICE_MINOR) return { problem: ctx.texts.sellPriceProblem };
      const l = await oneListing(ctx);
      if (!l) return { problem: wa(ctx).sellGone };
      await updateSubmission(ctx.db, l.sellerId, l.id, { price: minor / 100 });
      return { end: wa(ctx).sellPriceDone(userLine(l.name, 40), ghs(minor)) };
    },
  },
};

/** USSD's Sell screen for a seller (its category list), shown under the chat's own name. */
function listPageOfSell(ctx: UssdContext) {
  return base.sell!.show(ctx);
}
