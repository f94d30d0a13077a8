import { trialBalanceSchema } from '../schemas/money';
import { dataOf, route } from './route';

/** The books for the operator (ADMIN), in cedis. */
export const LEDGER_ROUTES = [
  route({ method: 'GET', path: '/admin/ledger/trial-balance', summary: 'The trial balance of the ledger, in cedis', tag: 'admin', auth: 'admin', answer: dataOf(trialBalanceSchema) }),
] as const;
