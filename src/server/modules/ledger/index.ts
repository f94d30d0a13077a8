/** The double-entry books (docs/money.md): escrow, postings, balances, the trial balance. */
export { ledgerRoutes } from './routes';
export { ACCOUNTS, type Account } from './accounts';
export { commissionOf, escrowLinesToRefund, escrowToRefund, holdPayment, type KeptAtPickup, owePaymentBack, refundSent, releaseEscrow, releaseTransportFee, transportHeldFor } from './escrow';
export { payLostLines } from './losses';
export { balancesBySeller, postMany, type Posting } from './post';
export { chargeTransporter, releaseRefusedLine } from './refusals';
export { sellerBalances } from './balances';
