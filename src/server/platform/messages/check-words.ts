/**
 * What a buyer and a seller hear when a line fails the warehouse check at drop-off (issue 41
 * item 2, docs/quality.md, docs/messages.md), by SMS and push (the order page and the seller's
 * sales carry the rest). Twi is written with ɛ and ɔ; sms-text.ts spells them e and o.
 */
interface CheckFacts {
  no: string;
  product: string;
  /** The warehouse's town (or name): where it was checked and where the seller collects the goods. */
  warehouse: string;
  /** Why: the staff's notes, or the readings above every grade's limit. */
  reason: string;
  /** The refund, formatted (GHS 12.50). */
  amount: string;
  /** The code the seller shows to take the goods back (the seller's words only). */
  code: string;
}

interface CheckWords {
  subject: string;
  sms: string[];
  push: string;
}

type Words = Record<string, (f: CheckFacts) => CheckWords>;

export const BUYER_CHECK_WORDS: Words = {
  en: (f) => ({
    subject: `Order ${f.no}: ${f.product} failed the warehouse check`,
    sms: [`Akuafo Market: order ${f.no}: ${f.product} failed our check at ${f.warehouse}: ${f.reason}.`, `${f.amount} is being refunded to your mobile money wallet.`],
    push: `${f.product} failed our check at ${f.warehouse}. ${f.amount} is being refunded to you.`,
  }),
  ak: (f) => ({
    subject: `Adetɔ ${f.no}: ${f.product} antumi ntwaa nhwehwɛmu wɔ adekoradan`,
    sms: [`Akuafo Market: adetɔ ${f.no}: ${f.product} antumi ntwaa yɛn nhwehwɛmu wɔ ${f.warehouse}: ${f.reason}.`, `Yɛde ${f.amount} resan ama wo wɔ wo mobile money mu.`],
    push: `${f.product} antumi ntwaa yɛn nhwehwɛmu wɔ ${f.warehouse}. Yɛde ${f.amount} resan ama wo.`,
  }),
};

export const SELLER_CHECK_WORDS: Words = {
  en: (f) => ({
    subject: `Order ${f.no}: ${f.product} failed the warehouse check`,
    sms: [`Akuafo Market: ${f.product} of order ${f.no} failed our check at ${f.warehouse}. Collect your goods there with code ${f.code}.`, `Why: ${f.reason}.`, 'The buyer is refunded, so you are not paid for it.'],
    push: `${f.product} failed the check at ${f.warehouse}: ${f.reason}. Collect your goods there.`,
  }),
  ak: (f) => ({
    subject: `Adetɔ ${f.no}: ${f.product} antumi ntwaa nhwehwɛmu`,
    sms: [`Akuafo Market: ${f.product} a ɛwɔ adetɔ ${f.no} mu antumi ntwaa yɛn nhwehwɛmu wɔ ${f.warehouse}. Kɔgye wo nneɛma wɔ hɔ: kyerɛ kood ${f.code}.`, `Nea enti: ${f.reason}.`, 'Yɛde sika no asan ama ɔtɔfo no, enti yɛrentua wo ka.'],
    push: `${f.product} antumi ntwaa nhwehwɛmu wɔ ${f.warehouse}: ${f.reason}. Kɔgye wo nneɛma wɔ hɔ.`,
  }),
};
