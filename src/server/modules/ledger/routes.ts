import { Hono } from 'hono';
import { fromMinor } from '../../../shared/money';
import { requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { trialBalance } from './balances';

/** The books for the operator (ADMIN): the trial balance, in cedis. */
export function ledgerRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const admin = requireUser('ADMIN');

  app.get('/admin/ledger/trial-balance', admin, async (c) => {
    const tb = await trialBalance(dbOf(c, deps));
    return c.json({
      data: {
        currency: 'GHS',
        debits: fromMinor(tb.debitsMinor),
        credits: fromMinor(tb.creditsMinor),
        balanced: tb.debitsMinor === tb.creditsMinor,
        accounts: tb.accounts.map((a) => ({ account: a.account, side: a.side, balance: fromMinor(a.balanceMinor) })),
      },
    });
  });
  return app;
}
