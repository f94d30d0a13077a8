import { toMinor } from '../../../../shared/money';
import type { GhanaRegion } from '../../../../shared/catalogue';
import type { Load } from '../../../../shared/schemas/transport';
import { spendAccountAllowance, type RateRule } from '../../../http/rate-limit';
import { userLine } from '../../../platform/messages/user-line';
import { transporterEarnings } from '../../payouts';
import { acceptLoad, heldForTransporter, listLoads, queueLoadCodes, requireVerified, TRANSPORT_COMMISSION_BP, transporterShareMinor } from '../../transport';
import { TOO_MANY_CODES } from '../refusals';
import { ghs, listPage, pickFromList, type Screen, type UssdContext } from '../engine';

/**
 * A transporter's menu by USSD (issue 40 item 4; docs/ussd.md "Transporters"): the loads waiting
 * near them and accepting one (the server decides, as on the board: of 60 at once one wins), their
 * loads with the code of the next handover by SMS, and their earnings. The caller is the
 * transporter whose payout wallet the number is (phone-accounts.ts phoneCaller), read once a session.
 */

/** Codes by SMS a transporter may ask for in an hour (each is one SMS we pay for). */
export const LOAD_CODES_RATE: RateRule = { name: 'ussd-load-codes', windowMs: 3600_000, perIp: 0, perAccount: 5, message: TOO_MANY_CODES };

const transporterOf = (ctx: UssdContext) => Number(ctx.data.transporterId);
const town = (w: Load['fromWarehouse']) => userLine(w.town ?? w.name, 14);
/** 500kg, 2.5kg: a load's weight as a line has room for. */
const kg = (weightKg: number) => String(weightKg >= 10 ? Math.round(weightKg) : Math.round(weightKg * 10) / 10);
/** "Tamale>Accra 500kg GHS 328.45": what a line of the board says, the transporter's share as the money. */
const loadLine = (l: Load) => `${town(l.fromWarehouse)}>${town(l.toWarehouse)} ${kg(l.weightKg)}kg ${ghs(toMinor(l.earnings))}`;

async function profileOf(ctx: UssdContext) {
  return ctx.db.selectFrom('transporter_profiles').select(['region', 'capacity_kg']).where('user_id', '=', transporterOf(ctx)).executeTakeFirst();
}

/** The board near the transporter: its first page (50), from their region, else every region's, none heavier than the vehicle takes. */
async function loadsNear(ctx: UssdContext): Promise<{ heading: string; loads: Load[] }> {
  const profile = await profileOf(ctx);
  const capacityKg = profile?.capacity_kg;
  const region = (profile?.region ?? undefined) as GhanaRegion | undefined;
  const open = async (r?: GhanaRegion) => (await listLoads(ctx.db, transporterOf(ctx), { status: 'OPEN', page: 1, region: r, capacityKg })).data;
  if (region) {
    const near = await open(region);
    if (near.length > 0) return { heading: ctx.texts.loadsNear(region), loads: near };
    return { heading: ctx.texts.loadsElsewhere(region), loads: await open() };
  }
  return { heading: ctx.texts.loadsAll, loads: await open() };
}

/** One load as the transporter may see it (waiting, or already theirs), with the order's number. */
async function loadFacts(ctx: UssdContext, id: number) {
  return ctx.db
    .selectFrom('consignments')
    .innerJoin('orders', 'orders.id', 'consignments.order_id')
    .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
    .select(['consignments.id', 'consignments.status', 'consignments.transporter_id', 'consignments.weight_g', 'consignments.distance_km', 'consignments.fee_minor', 'orders.order_number', 'f.name as from_name', 'f.town as from_town', 't.name as to_name', 't.town as to_town'])
    .where('consignments.id', '=', id)
    .executeTakeFirst();
}

export const transporterScreens: Record<string, Screen> = {
  loads: {
    async show(ctx) {
      const { heading, loads } = await loadsNear(ctx);
      if (loads.length === 0) return `${ctx.texts.noLoads}\n0. ${ctx.texts.back}`;
      return listPage(ctx, 'loadIds', heading, loads.map((l) => ({ id: l.id, label: loadLine(l) })));
    },
    async answer(ctx, input) {
      const id = pickFromList<number>(ctx, 'loadIds', input);
      if (id === 'more') return { go: 'loads', keepBack: true };
      if (id === undefined) return { problem: ctx.texts.pickNumber };
      ctx.data.loadId = id;
      return { go: 'loads.one' };
    },
  },
  'loads.one': {
    acts: true,
    async show(ctx) {
      const l = await loadFacts(ctx, Number(ctx.data.loadId));
      const open = l && l.status === 'AT_ORIGIN' && (l.transporter_id === null || l.transporter_id === transporterOf(ctx));
      // A load taken meanwhile: the problem line over this screen (or this one) says so, and back to the board.
      if (!open) return ctx.reserve ? `0. ${ctx.texts.back}` : `${ctx.texts.loadGone}\n0. ${ctx.texts.back}`;
      ctx.data.loadNo = l.order_number;
      ctx.data.loadFrom = userLine(l.from_name, 30);
      const from = userLine(l.from_town ?? l.from_name, 20);
      const to = userLine(l.to_town ?? l.to_name, 20);
      return `${ctx.texts.loadOne(from, to, kg(l.weight_g / 1000), l.distance_km, ghs(transporterShareMinor(l.fee_minor)))}\n0. ${ctx.texts.back}`;
    },
    async answer(ctx, input) {
      if (input !== '1' || ctx.data.loadNo === undefined) return { problem: ctx.texts.pickNumber };
      const transporterId = transporterOf(ctx);
      // The board may be read before verification; accepting needs it (403 with its sentence: refusals.ts).
      await requireVerified(ctx.db, transporterId);
      const id = Number(ctx.data.loadId);
      // The collection code's SMS goes with the accept that won, in its transaction: queued once.
      await acceptLoad(ctx.db, transporterId, id, (trx) => queueLoadCodes(trx, transporterId, id, ctx.phone));
      return { end: ctx.texts.loadAccepted(String(ctx.data.loadNo), String(ctx.data.loadFrom)) };
    },
  },
  mine: {
    async show(ctx) {
      const loads = (await listLoads(ctx.db, transporterOf(ctx), { status: 'MINE', page: 1 })).data;
      if (loads.length === 0) return `${ctx.texts.noMine}\n0. ${ctx.texts.back}`;
      const label = (l: Load) => `${town(l.fromWarehouse)}>${town(l.toWarehouse)}: ${ctx.texts.mineStage(l.status, town(l.fromWarehouse), town(l.toWarehouse))}`;
      return listPage(ctx, 'mineIds', ctx.texts.mineHeading, loads.map((l) => ({ id: l.id, label: label(l) })));
    },
    async answer(ctx, input) {
      const id = pickFromList<number>(ctx, 'mineIds', input);
      if (id === 'more') return { go: 'mine', keepBack: true };
      if (id === undefined) return { problem: ctx.texts.pickNumber };
      ctx.data.mineId = id;
      return { go: 'mine.one' };
    },
  },
  'mine.one': {
    // Asking for the codes queues an SMS: a gateway's retry of the step must not queue another.
    acts: true,
    async show(ctx) {
      const l = await loadFacts(ctx, Number(ctx.data.mineId));
      const mine = l && l.transporter_id === transporterOf(ctx) && (l.status === 'AT_ORIGIN' || l.status === 'IN_TRANSIT');
      if (!mine) return `${ctx.texts.loadGone}\n0. ${ctx.texts.back}`;
      const from = userLine(l.from_town ?? l.from_name, 14);
      const to = userLine(l.to_town ?? l.to_name, 14);
      return [`${l.order_number}: ${from}>${to}`, ctx.texts.mineStage(l.status, userLine(l.from_name, 24), userLine(l.to_name, 24)), ctx.texts.mineCodes, `0. ${ctx.texts.back}`].join('\n');
    },
    async answer(ctx, input) {
      if (input !== '1') return { problem: ctx.texts.pickNumber };
      const id = Number(ctx.data.mineId);
      await spendAccountAllowance(ctx.deps.rateLimiter, LOAD_CODES_RATE, `${transporterOf(ctx)}:${id}`);
      // Only the transporter's own load not yet delivered (404 otherwise: its refusal is the screen's).
      await queueLoadCodes(ctx.db, transporterOf(ctx), id, ctx.phone);
      return { end: ctx.texts.codesSent };
    },
  },
  earnings: {
    async show(ctx) {
      const id = transporterOf(ctx);
      const held = await heldForTransporter(ctx.db, id, transporterShareMinor);
      const e = await transporterEarnings(ctx.db, id, { payoutMinimumMinor: ctx.deps.config.payoutMinimumMinor, heldMinor: held, commissionRate: TRANSPORT_COMMISSION_BP / 100 });
      return `${ctx.texts.earnings(ghs(toMinor(e.available)), ghs(toMinor(e.paidOut)), ghs(held))}\n0. ${ctx.texts.back}`;
    },
    answer: async (ctx) => ({ problem: ctx.texts.pickNumber }),
  },
};
