import { LEDGER_ROUTES } from '../../../shared/api/ledger';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { trialBalanceInCedis } from './balances';

const [trialBalance] = LEDGER_ROUTES;

/** The books for the operator (ADMIN): the trial balance, in cedis (declared in shared/api/ledger.ts). */
export function ledgerRoutes({ db }: Deps) {
  return [implement(trialBalance, async () => ({ data: await trialBalanceInCedis(db) }))];
}
