import * as v from 'valibot';
import {
  commodityIdParam,
  inboundSmsAnswerSchema,
  marketPriceChangesQuerySchema,
  marketPriceChangesSchema,
  marketPriceDetailSchema,
  marketPricesQuerySchema,
  marketPriceSummarySchema,
} from '../schemas/market-prices';
import { dataOf, route } from './route';

/**
 * The market price index (docs/market-prices.md): public reads through the answer cache, and
 * the SMS gateways asking it for a buyer (PRICE MAIZE). The gateways post their own form
 * fields or JSON, read by the handler; they sit before the idempotency layer (they resend by
 * message themselves), so no Idempotency-Key.
 */
const inboundSms = dataOf(inboundSmsAnswerSchema);

export const MARKET_PRICE_ROUTES = [
  route({ method: 'GET', path: '/market-prices', summary: 'This week’s paid and asking prices by commodity, with 12 weeks', tag: 'market-prices', auth: 'none', query: marketPricesQuerySchema, answer: dataOf(v.array(marketPriceSummarySchema)) }),
  // Before /market-prices/:id, which would take "changes" for a commodity.
  route({ method: 'GET', path: '/market-prices/changes', summary: 'The price index’s rows changed since a version, for the offline copy', tag: 'market-prices', auth: 'none', query: marketPriceChangesQuerySchema, answer: dataOf(marketPriceChangesSchema) }),
  route({ method: 'GET', path: '/market-prices/:id', summary: 'One commodity’s 12 weeks in every region', tag: 'market-prices', auth: 'none', params: { id: commodityIdParam }, answer: dataOf(marketPriceDetailSchema) }),
  route({ method: 'POST', path: '/sms/inbound/africastalking', summary: 'An SMS sent to us, through Africa’s Talking (PRICE MAIZE)', tag: 'gateways', auth: 'gateway', answer: inboundSms, idempotent: false }),
  route({ method: 'POST', path: '/sms/inbound/arkesel', summary: 'An SMS sent to us, through Arkesel (PRICE MAIZE)', tag: 'gateways', auth: 'gateway', answer: inboundSms, idempotent: false }),
] as const;
