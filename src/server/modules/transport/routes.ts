import { TRANSPORT_ROUTES } from '../../../shared/api/transport';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit';
import { arriveLoad, collectLoad, countLineIn } from './life';
import { linesToReceive, requireConsignmentHere, staffConsignments } from './staff';
import { dispatchDesk } from './dispatch';
import { readTariff, setTariff, tariffAnswer } from './tariff';
import { recordLost } from './lost';
import { reassignLoad } from './trouble';

/** Handover codes tried per consignment in a window: 5 per 15 minutes, as pickup codes (a million codes stay unguessable). */
const CODE_TRIES = 5;
const CODE_WINDOW_MS = 15 * 60_000;

const [getTariff, putTariff, received, collected, arrived, consignments, lines, getDesk, postReassign, postLost] = TRANSPORT_ROUTES;

/**
 * Transport's routes (declared in shared/api/transport.ts): the operator's tariff, and the
 * warehouse staff's (here rather than in a module of their own: each is one call of a
 * consignment's life, life.ts, and the staff's lists read transport's tables).
 */
export function transportRoutes(deps: Deps) {
  const { db } = deps;
  return [
    implement(getTariff, async () => ({ data: tariffAnswer(await readTariff(db)) })),
    implement(putTariff, async ({ user, body }) => {
      const tariff = await setTariff(db, body);
      await recordAudit(db, user, 'transport.tariff', { type: 'tariff', id: 1 }, `${body.rateMinorPerTonneKm} pesewas per tonne-km, ${body.minFeeMinor} to ${body.maxFeeMinor} pesewas`);
      return { data: tariffAnswer(tariff) };
    }),

    implement(received, async ({ warehouse, params }) => ({ data: await countLineIn(db, warehouse, params.orderId, params.itemId) })),

    // Codes are counted per consignment (after the warehouse is checked), so no one tries the million one by one.
    implement(collected, async ({ warehouse, params, body, c }) => {
      await requireConsignmentHere(db, warehouse, params.id, 'origin');
      await spendCodeTry(params.id, c);
      return { data: await collectLoad(db, warehouse, params.id, body.code) };
    }),
    implement(arrived, async ({ warehouse, params, body, c }) => {
      await requireConsignmentHere(db, warehouse, params.id, 'destination');
      await spendCodeTry(params.id, c);
      return { data: await arriveLoad(db, warehouse, params.id, body.code) };
    }),

    implement(consignments, async ({ warehouse, query }) => staffConsignments(db, warehouse, query)),
    implement(lines, async ({ warehouse, query }) => linesToReceive(db, warehouse, query)),
    implement(getDesk, async ({ query }) => dispatchDesk(db, query)),
    implement(postReassign, async ({ user, params, body }) => {
      const done = await reassignLoad(db, Number(params.id), body.transporterId, (trx, before) =>
        recordAudit(trx, user, 'transport.reassign', { type: 'consignment', id: Number(params.id) }, `from ${before ?? 'the board'} to ${body.transporterId ?? 'the board'}`),
      );
      return { data: done };
    }),
    implement(postLost, async ({ user, params, body }) => ({
      data: await recordLost(db, Number(params.id), body.reason, (trx) => recordAudit(trx, user, 'transport.lost', { type: 'consignment', id: Number(params.id) }, body.reason)),
    })),
  ];

  async function spendCodeTry(consignmentId: number, c: { header(name: string, value: string): void }) {
    const limit = await deps.rateLimiter.hit(`consignment-code:${consignmentId}`, CODE_TRIES, CODE_WINDOW_MS);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw new HttpError(429, TRANSPORT_MESSAGES.tooManyCodes);
    }
  }
}
