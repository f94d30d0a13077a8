import { TRANSPORT_ROUTES } from '../../../shared/api/transport';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { recordAudit } from '../audit';
import { dispatchDesk } from './dispatch';
import { readTariff, setTariff, tariffAnswer } from './tariff';
import { reassignLoad } from './trouble';

const [getTariff, putTariff, getDesk, postReassign] = TRANSPORT_ROUTES;

/** Transport's routes (declared in shared/api/transport.ts). */
export function transportRoutes({ db }: Deps) {
  return [
    implement(getTariff, async () => ({ data: tariffAnswer(await readTariff(db)) })),
    implement(putTariff, async ({ user, body }) => {
      const tariff = await setTariff(db, body);
      await recordAudit(db, user, 'transport.tariff', { type: 'tariff', id: 1 }, `${body.rateMinorPerTonneKm} pesewas per tonne-km, ${body.minFeeMinor} to ${body.maxFeeMinor} pesewas`);
      return { data: tariffAnswer(tariff) };
    }),
    implement(getDesk, async ({ query }) => dispatchDesk(db, query)),
    implement(postReassign, async ({ user, params, body }) => {
      const done = await reassignLoad(db, Number(params.id), body.transporterId, (trx, before) =>
        recordAudit(trx, user, 'transport.reassign', { type: 'consignment', id: Number(params.id) }, `from ${before ?? 'the board'} to ${body.transporterId ?? 'the board'}`),
      );
      return { data: done };
    }),
  ];
}
