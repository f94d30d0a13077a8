/** Sellers' earnings and payout accounts, the payout job and the operator's desk. */
export { payoutsRoutes } from './routes';
export { startPayoutJob } from './job';
export { transporterEarnings } from './earnings';
export { transferWebhook } from './webhook';
export { PAYOUT_HOLD_MS, accountKey, payoutAccountOf } from './account';
export { tellPayoutAccountChanged } from './notices';
