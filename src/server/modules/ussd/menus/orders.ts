import type { Screen, UssdContext } from '../engine';
import { ghs, pickFromList } from '../engine';
import { userLine } from '../../../platform/messages/user-line';
import { phoneAccount } from '../phone-accounts';
import { payAgainFor } from './buy';

/** An order's state as My orders says it: a failed payment is said as such, not as "Placed". */
const stateOf = (ctx: UssdContext, o: { status: string; payment_status: string }) =>
  o.status === 'PENDING' && o.payment_status === 'FAILED' ? ctx.texts.paymentFailed : ctx.texts.orderState(o.status);

/** A consignment's progress: the order waits for the one furthest behind (a lost one first). */
const PROGRESS = ['LOST', 'AWAITING_DROP_OFF', 'AT_ORIGIN', 'IN_TRANSIT', 'ARRIVED'];

/**
 * Where a paid order's goods are (issue 40: "On the way from Tamale"), said by the consignment
 * it waits for; nothing for an order whose goods do not travel, or once it is ready.
 */
async function transportStage(ctx: UssdContext, orderId: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('consignments')
    .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
    .select(['consignments.status', 'f.town as from_town', 'f.name as from_name', 't.town as to_town', 't.name as to_name'])
    .where('consignments.order_id', '=', orderId)
    .where('consignments.status', 'in', PROGRESS)
    .execute();
  const behind = rows.sort((a, b) => PROGRESS.indexOf(a.status) - PROGRESS.indexOf(b.status))[0];
  if (!behind) return [];
  const stage = ctx.texts.transportStage(behind.status, userLine(behind.from_town ?? behind.from_name, 30), userLine(behind.to_town ?? behind.to_name, 30));
  return stage ? [stage] : [];
}

/**
 * My orders: the last three by their numbers (ORD-2026-000045, as the SMS and the app say them)
 * and state; one chosen shows where its goods are on the road (paid, not yet ready), its total, pickup place and (once ready) pickup code, and pays
 * from here while it waits for its money.
 */
export const orderScreens: Record<string, Screen> = {
  orders: {
    async show(ctx) {
      const userId = (await phoneAccount(ctx.db, ctx.phone))?.user_id;
      const rows = userId
        ? await ctx.db
            .selectFrom('orders')
            .select(['id', 'order_number', 'status', 'payment_status'])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(3)
            .execute()
        : [];
      if (rows.length === 0) return `${ctx.texts.noOrders}\n0. ${ctx.texts.back}`;
      ctx.data.userId = userId;
      ctx.data.orderIds = rows.map((o) => o.id);
      return [ctx.texts.ordersHeading, ...rows.map((o, i) => `${i + 1}. ${o.order_number} ${stateOf(ctx, o)}`), `0. ${ctx.texts.back}`].join('\n');
    },
    async answer(ctx, input) {
      const id = pickFromList<number>(ctx, 'orderIds', input);
      if (id === undefined || id === 'more') return { problem: ctx.texts.pickNumber };
      ctx.data.orderId = id;
      return { go: 'orders.one' };
    },
  },
  'orders.one': {
    async show(ctx) {
      const o = await ctx.db
        .selectFrom('orders')
        .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
        .select(['orders.id', 'orders.order_number', 'orders.status', 'orders.payment_status', 'orders.total_minor', 'orders.pickup_code', 'warehouses.name as warehouse'])
        .where('orders.id', '=', Number(ctx.data.orderId))
        .where('orders.user_id', '=', Number(ctx.data.userId))
        .executeTakeFirst();
      if (!o) return `${ctx.texts.pickNumber}\n0. ${ctx.texts.back}`;
      // The order still waiting for its money may be paid from here (the app's pay-again rules).
      ctx.data.payOrder = o.status === 'PENDING' ? o.id : undefined;
      ctx.data.orderNumber = o.order_number;
      const code = o.status === 'SHIPPED' && o.pickup_code ? `, ${ctx.texts.pickupCode(o.pickup_code)}` : '';
      return [
        `${o.order_number}: ${stateOf(ctx, o)}${code}`,
        ...(o.status === 'PROCESSING' ? await transportStage(ctx, o.id) : []),
        ctx.texts.orderTotal(ghs(o.total_minor)),
        ctx.texts.pickupAt(userLine(o.warehouse, 40)),
        ...(o.status === 'PENDING' ? [`1. ${ctx.texts.payPending(o.order_number)}`] : []),
        `0. ${ctx.texts.back}`,
      ].join('\n');
    },
    async answer(ctx, input) {
      if (input !== '1' || ctx.data.payOrder === undefined) return { problem: ctx.texts.pickNumber };
      return payAgainFor(ctx, Number(ctx.data.userId), Number(ctx.data.payOrder));
    },
  },
};
