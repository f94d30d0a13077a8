/** The provider's webhook, the sandbox's prompt, OTP; settling a payment. */
export { paymentsRoutes } from './routes';
export { settlePayment } from './settle';
