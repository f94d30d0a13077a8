import { shortGrade } from '../../../../shared/quality-grades';
import { sql } from 'kysely';
import { CATEGORIES, GHANA_REGIONS } from '../../../../shared/catalogue';
import { parseGhanaMobile } from '../../../../shared/phone';
import { SHIPPING_MINOR } from '../../../../shared/schemas/cart';
import { totalInline, type TotalParts } from '../../../../shared/totals';
import { lineTaxMinor } from '../../../../shared/vat';
import { badRequest } from '../../../http/errors';
import { spendAccountAllowance, spendAccountAllowances } from '../../../http/rate-limit';
import { precompiled } from '../../../platform/db/precompiled';
import { WriteBatch } from '../../../platform/db/write-batch';
import { notifyInBatch } from '../../../platform/messages';
import { createSandboxProvider } from '../../../platform/payments';
import { auditRow } from '../../audit';
import { CHECKOUT_RATE, payAgain, placeOrder, PROMPT_RATE } from '../../checkout';
import { settlePayment } from '../../payments';
import { planConsignments, withoutCodes, type ShownConsignment } from '../../transport';
import { ghs, listPage, pickFromList, wholeNumber, type Outcome, type Screen, type UssdContext } from '../engine';
import { userLine } from '../../../platform/messages/user-line';
import { buyerAccount, phoneAccount, rememberRegion } from '../phone-accounts';

/** Listings offered per category: the caller's region first, newest first. */
const LISTINGS_SHOWN = 45;
/** The most one USSD order asks for (two digits on a keypad); the screen still says how many there are. */
const MAX_QUANTITY = 99;

async function product(ctx: UssdContext) {
  return ctx.deps.db
    .selectFrom('products')
    .select(['id', 'name', 'price_minor', 'category', 'stock_quantity', 'is_active', 'region', 'seller_id', 'unit_weight_g'])
    .where('id', '=', Number(ctx.data.productId))
    .executeTakeFirst();
}

/** The product, with the account of the caller's number (null: none yet) in the same read, for confirm. */
async function productAndAccount(ctx: UssdContext) {
  return (await productWithAccount(ctx.deps.db, { productId: Number(ctx.data.productId), phone: ctx.phone })).rows[0];
}
// Built once per dialect (precompiled.ts): confirm is the USSD's costliest step.
const productWithAccount = precompiled((db, p: (name: 'productId' | 'phone') => never) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'price_minor', 'category', 'seller_id', 'is_active', 'unit_weight_g'])
    .select((eb) => eb.selectFrom('phone_accounts').select('user_id').where('phone', '=', p('phone')).as('account_id'))
    .where('id', '=', p('productId')),
);

/** The order's total as checkout will charge it, in its parts: price x quantity, VAT by category, pickup, the transport fees. */
function partsOf(p: { price_minor: number; category: string }, quantity: number, transport: number): TotalParts {
  const goods = p.price_minor * quantity;
  return { goods, vat: lineTaxMinor(goods, p.category), pickup: SHIPPING_MINOR, transport };
}

/** The consignments confirm showed (issue 40), kept in the session with what they were planned for. */
interface ShownPlan {
  productId: number;
  quantity: number;
  warehouseId: number;
  consignments: ShownConsignment[];
}

/**
 * The plan confirm showed, if it is still for this order's product, quantity and pickup place:
 * checkout charges exactly the fee on the screen, with no second planning (its three reads).
 */
function shownPlan(ctx: UssdContext): ShownConsignment[] | undefined {
  const plan = ctx.data.plan as ShownPlan | undefined;
  const same = plan && plan.productId === Number(ctx.data.productId) && plan.quantity === Number(ctx.data.quantity) && plan.warehouseId === Number(ctx.data.warehouseId);
  return same ? plan.consignments : undefined;
}

/** Where a charge goes next: the sandbox's stand-in prompt, or the phone's own and goodbye. */
function afterCharge(ctx: UssdContext, started: { reference: string; orderId: number; orderNumber: string; amount: number; provider: string }): Outcome {
  Object.assign(ctx.data, { reference: started.reference, orderId: started.orderId, orderNumber: started.orderNumber, totalMinor: Math.round(started.amount * 100) });
  if (started.provider === 'sandbox') return { go: 'buy.prompt', keepBack: true };
  return { end: ctx.texts.realPrompt(ghs(Math.round(started.amount * 100)), started.orderNumber) };
}

/** The account's checkouts and the number's prompts, in one hit of the limiter. */
function spendOrderAllowances(ctx: UssdContext, userId: number) {
  return spendAccountAllowances(ctx.deps.rateLimiter, [CHECKOUT_RATE, userId], [PROMPT_RATE, ctx.phone]);
}

export const buyScreens: Record<string, Screen> = {
  /** The entry: the region is asked once per number. */
  buy: {
    async show(ctx) {
      const known = (await phoneAccount(ctx.db, ctx.phone))?.ussd_region;
      if (known) ctx.data.region = known;
      return known ? categoryList(ctx) : listPage(ctx, 'regions', ctx.texts.regionAsk, GHANA_REGIONS.map((r) => ({ id: r, label: r })));
    },
    async answer(ctx, input) {
      if (ctx.data.region) return chooseCategory(ctx, input);
      const region = pickFromList<string>(ctx, 'regions', input);
      if (region === 'more') return { go: 'buy', keepBack: true };
      if (!region) return { problem: ctx.texts.pickNumber };
      await rememberRegion(ctx.db, ctx.phone, region);
      ctx.data.region = region;
      return { go: 'buy', keepBack: true };
    },
  },
  'buy.listings': {
    async show(ctx) {
      const rows = await ctx.db
        .selectFrom('products')
        .select(['id', 'name', 'price_minor', 'region', 'quality_last_grade'])
        .where('is_active', '=', 1)
        .where('category', '=', String(ctx.data.category))
        .where('stock_quantity', '>', 0)
        .orderBy(sql`case when region = ${String(ctx.data.region ?? '')} then 0 else 1 end`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LISTINGS_SHOWN)
        .execute();
      if (rows.length === 0) return `${ctx.texts.nothingInCategory}\n0. ${ctx.texts.back}`;
      const category = String(ctx.data.category);
      // "Near you" only when it is: with none in the caller's region the heading says so.
      const near = rows[0]!.region === ctx.data.region || !ctx.data.region;
      const heading = near ? ctx.texts.listingsAsk(category) : ctx.texts.listingsElsewhere(category, String(ctx.data.region));
      return listPage(ctx, 'listings', heading, rows.map((r) => ({ id: r.id, label: `${userLine(r.name, 20)} ${ghs(r.price_minor)}${r.quality_last_grade ? ` ${shortGrade(r.quality_last_grade)}` : ''}` })));
    },
    async answer(ctx, input) {
      const id = pickFromList<number>(ctx, 'listings', input);
      if (id === 'more') return { go: 'buy.listings', keepBack: true };
      if (id === undefined) return { problem: ctx.texts.pickNumber };
      ctx.data.productId = id;
      return { go: 'buy.quantity' };
    },
  },
  'buy.quantity': {
    async show(ctx) {
      const p = await product(ctx);
      if (!p || p.is_active !== 1 || p.stock_quantity < 1) return `${ctx.texts.soldOut}\n0. ${ctx.texts.back}`;
      return `${ctx.texts.quantityAsk(userLine(p.name, 40), ghs(p.price_minor), p.stock_quantity, Math.min(p.stock_quantity, MAX_QUANTITY))}\n0. ${ctx.texts.back}`;
    },
    async answer(ctx, input) {
      const p = await product(ctx);
      const max = Math.min(p?.stock_quantity ?? 0, MAX_QUANTITY);
      const quantity = wholeNumber(input, max);
      if (quantity === undefined) return { problem: ctx.texts.quantityProblem(Math.max(max, 1)) };
      ctx.data.quantity = quantity;
      // Where the goods are: their region's depot heads the pickup list (read here, not again there).
      ctx.data.productRegion = p?.region;
      return { go: 'buy.warehouse' };
    },
  },
  'buy.warehouse': {
    async show(ctx) {
      // The depot in the listing's region (where its goods are) first, then the caller's region's.
      const goods = String(ctx.data.productRegion ?? '');
      const rows = await ctx.db
        .selectFrom('warehouses')
        .select(['id', 'name'])
        .where('is_active', '=', 1)
        .orderBy(sql`case when region = ${goods} then 0 when region = ${String(ctx.data.region ?? '')} then 1 else 2 end`)
        .orderBy('name')
        .execute();
      return listPage(ctx, 'warehouses', ctx.texts.warehouseAsk, rows.map((w) => ({ id: w.id, label: userLine(w.name, 30) })));
    },
    async answer(ctx, input) {
      const id = pickFromList<number>(ctx, 'warehouses', input);
      if (id === 'more') return { go: 'buy.warehouse', keepBack: true };
      if (id === undefined) return { problem: ctx.texts.pickNumber };
      ctx.data.warehouseId = id;
      return { go: 'buy.confirm' };
    },
  },
  'buy.confirm': {
    acts: true,
    async show(ctx) {
      const p = await product(ctx);
      const warehouse = await ctx.db.selectFrom('warehouses').select('name').where('id', '=', Number(ctx.data.warehouseId)).executeTakeFirst();
      if (!p || !warehouse) return `${ctx.texts.pickNumber}\n0. ${ctx.texts.back}`;
      const quantity = Number(ctx.data.quantity);
      const warehouseId = Number(ctx.data.warehouseId);
      // A seller who drops off at another warehouse sends the goods as a consignment: its fee is
      // on this screen and in the charge, priced as the app's checkout prices it (planConsignments).
      const consignments = (await planConsignments(ctx.db, warehouseId, [{ ...p, quantity }], new Date())).map(withoutCodes);
      ctx.data.plan = { productId: p.id, quantity, warehouseId, consignments } satisfies ShownPlan;
      const transport = consignments.reduce((sum, c) => sum + c.feeMinor, 0);
      // The fee's words lengthen the total's line: the name gives way to keep the screen within SCREEN_AIM.
      return `${ctx.texts.confirm(`${quantity} x ${userLine(p.name, transport > 0 ? 20 : 30)}`, userLine(warehouse.name, 30), totalInline(partsOf(p, quantity, transport), String(ctx.data.language), ghs))}\n0. ${ctx.texts.back}`;
    },
    async answer(ctx, input) {
      if (input !== '1') return { problem: ctx.texts.pickNumber };
      const wallet = parseGhanaMobile(ctx.phone);
      if (!wallet?.network) return { problem: ctx.texts.noWallet };
      const p = await productAndAccount(ctx);
      if (!p || p.is_active !== 1) throw badRequest(ctx.texts.soldOut);
      const userId = await buyerAccount(ctx.db, ctx.phone, p.account_id);
      // The same screens answer a WhatsApp chat (modules/whatsapp): its orders say where they came from.
      const chat = ctx.channel === 'whatsapp';
      await spendOrderAllowances(ctx, userId);
      const line = { id: p.id, name: p.name, price_minor: p.price_minor, category: p.category, seller_id: p.seller_id, unit_weight_g: p.unit_weight_g, quantity: Number(ctx.data.quantity) };
      const started = await placeOrder(
        ctx.deps, ctx.db, userId, Number(ctx.data.warehouseId), [line],
        { mobileMoneyNetwork: wallet.network, mobileMoneyNumber: wallet.national, paymentMethod: 'MOBILE_MONEY', notes: chat ? 'Ordered on WhatsApp' : 'Ordered by USSD', agentCode: undefined },
        chat ? 'whatsapp' : 'ussd',
        String(ctx.data.serviceCode ?? ctx.deps.config.ussd.serviceCode),
        shownPlan(ctx),
      );
      // After the charge has started (one that cannot start never says "order placed"); the audit row goes with the SMS.
      const batch = new WriteBatch(ctx.db);
      await notifyInBatch(batch, [{ kind: 'order.placed', orderId: started.orderId }]);
      batch.add(auditRow(ctx.db, { id: userId, userType: 'CUSTOMER', email: ctx.phone }, 'ussd.order', { type: 'order', id: started.orderId }, `${started.orderNumber} by ${chat ? 'WhatsApp' : 'USSD'} from ${ctx.phone}`));
      await batch.flush();
      ctx.data.userId = userId;
      return afterCharge(ctx, started);
    },
  },
  /**
   * The sandbox's stand-in for the MoMo prompt the phone would show. Not claimed (one write a
   * step): its answer is given once (a second is told the first) and settling books a payment
   * once however many settle it at once, so a retry of this step acts no more than once.
   */
  'buy.prompt': {
    async show(ctx) {
      return ctx.texts.sandboxPrompt(ghs(Number(ctx.data.totalMinor)), String(ctx.data.orderNumber));
    },
    async answer(ctx, input) {
      if (input !== '1' && input !== '2') return { problem: ctx.texts.pickNumber };
      const reference = String(ctx.data.reference);
      await createSandboxProvider(ctx.db).answer(reference, input === '1' ? 'APPROVED' : 'DECLINED');
      const outcome = await settlePayment(ctx.deps, ctx.db, reference);
      if (outcome.status === 'PAID') return { end: ctx.texts.paid(String(ctx.data.orderNumber)) };
      if (outcome.status === 'PENDING') return { end: ctx.texts.waiting(String(ctx.data.orderNumber)) };
      return { go: 'buy.declined', keepBack: true };
    },
  },
  'buy.declined': {
    async show(ctx) {
      return ctx.texts.declined(String(ctx.data.orderNumber));
    },
    async answer(ctx, input) {
      if (input === '2') return { end: ctx.texts.declinedEnd(String(ctx.data.orderNumber), ctx.deps.config.ussd.serviceCode) };
      if (input !== '1') return { problem: ctx.texts.pickNumber };
      return payAgainFor(ctx, Number(ctx.data.userId), Number(ctx.data.orderId));
    },
  },
};

/** Pay again (the app's rules: while the reservation holds, five prompts at most), from this number. */
export async function payAgainFor(ctx: UssdContext, userId: number, orderId: number): Promise<Outcome> {
  // A charge is an act: a retry of this step must not start a second one.
  await ctx.claim();
  await spendAccountAllowance(ctx.deps.rateLimiter, CHECKOUT_RATE, userId);
  const started = await payAgain(ctx.deps, ctx.db, userId, orderId, { phoneNumber: ctx.phone }, (wallet) => spendAccountAllowance(ctx.deps.rateLimiter, PROMPT_RATE, wallet));
  ctx.data.userId = userId;
  return afterCharge(ctx, started);
}

function categoryList(ctx: UssdContext) {
  return listPage(ctx, 'categories', ctx.texts.categoryAsk, CATEGORIES.map((c) => ({ id: c, label: c })));
}

function chooseCategory(ctx: UssdContext, input: string): Outcome {
  const category = pickFromList<string>(ctx, 'categories', input);
  if (category === 'more') return { go: 'buy', keepBack: true };
  if (!category) return { problem: ctx.texts.pickNumber };
  ctx.data.category = category;
  return { go: 'buy.listings' };
}
