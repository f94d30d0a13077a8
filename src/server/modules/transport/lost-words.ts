/**
 * What the seller and the transporter of a lost consignment hear by SMS (issue 40 item 7), in
 * English and Twi; the buyer hears of the refund through the order's own notice. Twi is written
 * with ɛ and ɔ; sms-text.ts spells them e and o.
 */
export interface LostFacts {
  /** The order's number (ORD-…). */
  no: string;
  from: string;
  to: string;
  /** The seller's payment, formatted (GH₵ …). */
  paid: string;
}

export const LOST_WORDS: Record<'en' | 'ak', { seller: (f: LostFacts) => string; transporter: (f: LostFacts) => string }> = {
  en: {
    seller: (f) => `Akuafo Market: your goods of ${f.no} (${f.from} to ${f.to}) were lost after we received them. You are paid ${f.paid} as if they were collected.`,
    transporter: (f) => `Akuafo Market: the load of ${f.no} (${f.from} to ${f.to}) is recorded lost. Its fee will not be paid. Call us if this is wrong.`,
  },
  ak: {
    seller: (f) => `Akuafo Market: wo nneɛma a ɛwɔ ${f.no} (${f.from} kɔ ${f.to}) ayera bere a yɛgye wiee. Yɛatua wo ${f.paid} te sɛ nea wɔagye.`,
    transporter: (f) => `Akuafo Market: nneɛma a ɛwɔ ${f.no} (${f.from} kɔ ${f.to}) ayera. Yɛrentua ho ka. Frɛ yɛn sɛ ɛnyɛ nokware a.`,
  },
};
