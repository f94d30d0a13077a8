import { TRANSPORT_MESSAGES, type ConsignmentStatus } from '../../../shared/schemas/transport';
import { badRequest, conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { repeatEvery } from '../../platform/jobs';
import type { Logger } from '../../platform/logging';
import { alertOperators } from '../../platform/messages';
import { addEvent, lockOrder, townOf } from './life';
import { sixDigits } from './plan';

/**
 * When a consignment goes wrong (issue 40 item 7, docs/transport.md): a load accepted and not
 * collected in time goes back on the board, one on the road past its expected date is flagged,
 * and the operator hears of both; the operator may reassign a load before it is delivered.
 */

/** How many consignments one run of the sweep looks at, of each kind; the next run takes the rest. */
const SWEEP_BATCH = 500;

/** The operator's alerts: what the e-mail to every operator account says (English: the operator's desk is). */
export const TROUBLE_ALERTS = {
  returned: (c: { id: number; orderNumber: string; hours: number; transporter: string }) => ({
    subject: `Load ${c.id} of ${c.orderNumber} is back on the board`,
    text: `${c.transporter} accepted consignment ${c.id} of ${c.orderNumber} but did not collect it within ${c.hours} hours. It is back on the board for another transporter; its old collection code no longer works.`,
  }),
  late: (c: { id: number; orderNumber: string; expectedReadyAt: string; transporter: string; phone: string | null }) => ({
    subject: `Load ${c.id} of ${c.orderNumber} is late`,
    text: `Consignment ${c.id} of ${c.orderNumber} was expected at its pickup warehouse by ${c.expectedReadyAt} and has not arrived. Its transporter: ${c.transporter}, ${c.phone ?? 'no phone on the account'}.`,
  }),
};


const transporterOf = (db: Db, id: number) => db.selectFrom('users').select(['first_name', 'last_name', 'phone']).where('id', '=', id).executeTakeFirst();
const fullName = (u: { first_name: string; last_name: string } | undefined) => (u ? `${u.first_name} ${u.last_name}`.trim() : 'A transporter');

export interface SweepResult {
  /** Consignments put back on the board by this run. */
  returned: number[];
  /** Consignments this run flagged late. */
  late: number[];
}

/**
 * The late-loads sweep: an AT_ORIGIN consignment accepted more than `hours` ago goes back on the
 * board (no transporter, a new collection code so the old one stops working, a RETURNED event,
 * the operators told); an IN_TRANSIT one past its expected date gets a LATE event (its moment
 * is the expected date, so the event's unique key lets only one sweep of many write it) and
 * the operators hear who carries it. Each return is a conditional UPDATE under the order's
 * lock, so of 60 sweeps at once one does the work and a collection at the same moment either
 * happens first (and the load stays collected) or finds the load back on the board.
 */
export async function sweepLateLoads(db: Db, hours: number, at: Date = new Date()): Promise<SweepResult> {
  const cutoff = new Date(at.getTime() - hours * 3600_000).toISOString();
  const overdue = await db
    .selectFrom('consignments')
    .select(['id', 'order_id', 'transporter_id', 'accepted_at'])
    .where('status', '=', 'AT_ORIGIN')
    .where('transporter_id', 'is not', null)
    .where('accepted_at', '<', cutoff)
    .orderBy('id')
    .limit(SWEEP_BATCH)
    .execute();
  const returned: number[] = [];
  for (const c of overdue) {
    const done = await inTransaction(db, async (trx) => {
      const order = await lockOrder(trx, c.order_id);
      const stamp = now();
      const moved = await trx
        .updateTable('consignments')
        .set({ transporter_id: null, accepted_at: null, collection_code: sixDigits(), updated_at: stamp })
        .where('id', '=', c.id)
        .where('status', '=', 'AT_ORIGIN')
        .where('transporter_id', '=', c.transporter_id)
        .where('accepted_at', '=', c.accepted_at)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      const row = await trx.selectFrom('consignments').select('from_warehouse_id').where('id', '=', c.id).executeTakeFirstOrThrow();
      const transporter = fullName(await transporterOf(trx, c.transporter_id!));
      await addEvent(trx, c.id, 'RETURNED', stamp, await townOf(trx, row.from_warehouse_id), { note: `Not collected within ${hours} hours of acceptance` });
      await alertOperators(trx, TROUBLE_ALERTS.returned({ id: c.id, orderNumber: order!.order_number, hours, transporter }));
      return true;
    });
    if (done) returned.push(c.id);
  }

  const lateRows = await db
    .selectFrom('consignments')
    .innerJoin('orders', 'orders.id', 'consignments.order_id')
    .select(['consignments.id', 'consignments.expected_ready_at', 'consignments.transporter_id', 'orders.order_number'])
    .where('consignments.status', '=', 'IN_TRANSIT')
    .where('consignments.expected_ready_at', '<', at.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('consignment_events').select('consignment_events.id').whereRef('consignment_events.consignment_id', '=', 'consignments.id').where('consignment_events.type', '=', 'LATE'))),
    )
    .orderBy('consignments.id')
    .limit(SWEEP_BATCH)
    .execute();
  const late: number[] = [];
  for (const c of lateRows) {
    const flagged = await inTransaction(db, async (trx) => {
      const written = await trx
        .insertInto('consignment_events')
        .values({ consignment_id: c.id, type: 'LATE', at: c.expected_ready_at, place: null, latitude: null, longitude: null, note: null, created_at: now() })
        .onConflict((oc) => oc.columns(['consignment_id', 'type', 'at']).doNothing())
        .executeTakeFirst();
      if (Number(written.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      const t = c.transporter_id === null ? undefined : await transporterOf(trx, c.transporter_id);
      await alertOperators(trx, TROUBLE_ALERTS.late({ id: c.id, orderNumber: c.order_number, expectedReadyAt: c.expected_ready_at, transporter: fullName(t), phone: t?.phone ?? null }));
      return true;
    });
    if (flagged) late.push(c.id);
  }
  return { returned, late };
}

/** The late-loads sweep: every 10 minutes while the server is up (the allowance is in hours). */
export function startLateLoadsJob(deps: { db: Db; config: { lateLoadAfterHours: number }; logger: Pick<Logger, 'error'> }, everyMs = 600_000): { stop(): Promise<void> } {
  return repeatEvery('late-loads sweep', everyMs, () => sweepLateLoads(deps.db, deps.config.lateLoadAfterHours), deps.logger);
}

export interface Reassigned {
  id: number;
  status: ConsignmentStatus;
  transporterId: number | null;
}

/**
 * The operator reassigns a consignment before delivery: to another transporter (AT_ORIGIN or
 * IN_TRANSIT), or back to the board without one (AT_ORIGIN only: goods on the road are on
 * somebody's vehicle). Not yet collected: a new collection code, so the old transporter's stops
 * working. On the road: a new delivery code, so only the new carrier can hand the goods over
 * (and the fee follows transporter_id to whoever delivers). Delivered, cancelled or lost: 409.
 * `audit` writes the operator's audit row in the same transaction, only when something changed.
 */
export async function reassignLoad(db: Db, id: number, transporterId: number | undefined, audit?: (trx: Db, fromTransporterId: number | null) => Promise<void>): Promise<Reassigned> {
  return inTransaction(db, async (trx) => {
    const first = await trx.selectFrom('consignments').select(['order_id']).where('id', '=', id).executeTakeFirst();
    if (!first) throw notFound(TRANSPORT_MESSAGES.consignmentNotFound);
    await lockOrder(trx, first.order_id);
    const c = await trx.selectFrom('consignments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (c.status !== 'AT_ORIGIN' && c.status !== 'IN_TRANSIT') throw conflict(TRANSPORT_MESSAGES.reassignNotNow);
    if (transporterId === undefined && c.status === 'IN_TRANSIT') throw conflict(TRANSPORT_MESSAGES.reassignOnRoad);
    if (transporterId !== undefined) {
      const t = await trx.selectFrom('users').select('user_type').where('id', '=', transporterId).executeTakeFirst();
      // The account type TRANSPORTER is issue 40's registration's (another part): compared as text.
      if ((t?.user_type as string | undefined) !== 'TRANSPORTER') throw badRequest(TRANSPORT_MESSAGES.notATransporter, { transporterId: TRANSPORT_MESSAGES.notATransporter });
    }
    const to = transporterId ?? null;
    // Already so: the intent is true (a resend), nothing changes and no code is replaced.
    if (c.transporter_id === to) return { id, status: c.status as ConsignmentStatus, transporterId: to };
    const at = now();
    const codes = c.status === 'AT_ORIGIN' ? { collection_code: sixDigits() } : { delivery_code: sixDigits() };
    await trx
      .updateTable('consignments')
      .set({ transporter_id: to, accepted_at: to === null ? null : c.status === 'AT_ORIGIN' ? at : c.accepted_at, ...codes, updated_at: at })
      .where('id', '=', id)
      .execute();
    const place = c.status === 'AT_ORIGIN' ? await townOf(trx, c.from_warehouse_id) : null;
    await addEvent(trx, id, to === null ? 'RETURNED' : 'REASSIGNED', at, place, { note: 'By Akuafo Market' });
    // The operator's audit row commits (or not) with the change it records.
    await audit?.(trx, c.transporter_id);
    return { id, status: c.status as ConsignmentStatus, transporterId: to };
  });
}
