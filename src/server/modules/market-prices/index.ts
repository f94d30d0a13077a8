/** The price index: its feed, the folding of sales into it, SMS price requests. */
export { marketPricesRoutes } from './routes';
export { inboundSmsRoutes } from './inbound-sms';
export { recordCollectedOrder, refileOrderSales, startPriceIndexJob } from './index-update';
export { answerPriceQuery } from './sms';
