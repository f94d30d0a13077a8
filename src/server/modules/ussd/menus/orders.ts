import type { Screen } from '../engine';
import { ghs } from '../engine';
import { phoneAccount } from '../phone-accounts';
import { payAgainFor } from './buy';

/** My orders: the last three, each with its state and (once ready) its pickup code. */
export const orderScreens: Record<string, Screen> = {
  orders: {
    async show(ctx) {
      const userId = (await phoneAccount(ctx.db, ctx.phone))?.user_id;
      const rows = userId
        ? await ctx.db
            .selectFrom('orders')
            .select(['id', 'order_number', 'status', 'payment_status', 'total_minor', 'pickup_code'])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(3)
            .execute()
        : [];
      if (rows.length === 0) return `${ctx.texts.noOrders}\n0. ${ctx.texts.back}`;
      const lines = rows.map((o) => {
        const state = o.status === 'PENDING' && o.payment_status === 'FAILED' ? ctx.texts.paymentFailed : ctx.texts.orderState(o.status);
        const code = o.status === 'SHIPPED' && o.pickup_code ? ` ${ctx.texts.pickupCode(o.pickup_code)}` : '';
        return `${o.order_number.replace(/^ORD-\d{4}-0*/, '#')} ${state} ${ghs(o.total_minor)}${code}`;
      });
      // The newest order still waiting for its money may be paid from here (the app's pay-again rules).
      const unpaid = rows.find((o) => o.status === 'PENDING');
      ctx.data.payOrder = unpaid?.id;
      ctx.data.userId = userId;
      ctx.data.orderNumber = unpaid?.order_number;
      return [ctx.texts.ordersHeading, ...lines, ...(unpaid ? [`1. ${ctx.texts.payPending(unpaid.order_number.replace(/^ORD-\d{4}-0*/, '#'))}`] : []), `0. ${ctx.texts.back}`].join('\n');
    },
    async answer(ctx, input) {
      if (input !== '1' || ctx.data.payOrder === undefined) return { problem: ctx.texts.pickNumber };
      return payAgainFor(ctx, Number(ctx.data.userId), Number(ctx.data.payOrder));
    },
  },
};
