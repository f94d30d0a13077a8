import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { repeatEvery } from '../../platform/jobs';
import type { Logger } from '../../platform/logging';
import { alertOperators } from '../../platform/messages';

/** The promise to buyer and seller: a refused line is decided within 48 hours (docs/money.md). */
const REFUSAL_DECIDE_HOURS = 48;

/** What every operator reads (English: the operator's desk is). */
const OVERDUE_REFUSAL_ALERT = (r: { id: number; orderNumber: string; product: string; hours: number }) => ({
  subject: `Refusal ${r.id} of ${r.orderNumber} is still undecided`,
  text: `The buyer refused ${r.product} of order ${r.orderNumber} at pickup more than ${r.hours} hours ago and nobody has decided yet. Its money is held until you refund or release it on the refusals desk (/admin/refusals).`,
});

/**
 * The overdue-refusal sweep (as transport's late-loads sweep): each open refusal older than
 * `hours` is flagged once (a conditional UPDATE of `flagged_at`, so of many sweeps at once one
 * writes it) and every operator is e-mailed in the same transaction. Returns the refusals flagged.
 */
export async function flagOverdueRefusals(db: Db, hours = REFUSAL_DECIDE_HOURS, at: Date = new Date()): Promise<number[]> {
  const cutoff = new Date(at.getTime() - hours * 3600_000).toISOString();
  const overdue = await db
    .selectFrom('pickup_refusals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('order_items as i', 'i.id', 'r.order_item_id')
    .select(['r.id', 'o.order_number', 'i.product_name'])
    .where('r.decided_at', 'is', null)
    .where('r.flagged_at', 'is', null)
    .where('r.created_at', '<', cutoff)
    .where('o.status', '!=', 'CANCELLED')
    .orderBy('r.created_at')
    .limit(500)
    .execute();
  const flagged: number[] = [];
  for (const r of overdue) {
    const done = await inTransaction(db, async (trx) => {
      const moved = await trx.updateTable('pickup_refusals').set({ flagged_at: now() }).where('id', '=', r.id).where('flagged_at', 'is', null).where('decided_at', 'is', null).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      const alert = OVERDUE_REFUSAL_ALERT({ id: r.id, orderNumber: r.order_number, product: r.product_name, hours });
      await alertOperators(trx, alert);
      return true;
    });
    if (done) flagged.push(r.id);
  }
  return flagged;
}

/** Every 10 minutes while the server is up, started in main.ts. */
export function startOverdueRefusalsJob(deps: { db: Db; logger: Pick<Logger, 'error'> }, everyMs = 600_000): { stop(): Promise<void> } {
  return repeatEvery('overdue-refusals sweep', everyMs, () => flagOverdueRefusals(deps.db), deps.logger);
}
