/**
 * The transporter's SMS of a load's codes (issue 40 item 4: a feature phone hears them by SMS),
 * in English and Twi. The codes go first: the SMS is what the transporter shows the staff, and
 * fitSms drops the later parts before the first. Twi is written with ɛ and ɔ; sms-text.ts spells
 * them e and o.
 */
export interface LoadCodeFacts {
  /** The order's number (ORD-…), as the staff's lists name it. */
  no: string;
  /** The two warehouses' names: where the load is collected and where it is delivered. */
  from: string;
  to: string;
  collectionCode: string;
  /** Once collected: the code the destination's staff enter. */
  deliveryCode: string | null;
}

/** The SMS's parts: the first always, the others while they fit one SMS. */
export const LOAD_CODE_WORDS: Record<'en' | 'ak', (f: LoadCodeFacts) => string[]> = {
  en: (f) =>
    f.deliveryCode
      ? [`Akuafo Market: delivery code ${f.deliveryCode} for ${f.no}, ${f.from} to ${f.to}.`, `Give it to the staff at ${f.to}.`]
      : [`Akuafo Market: collection code ${f.collectionCode} for ${f.no}, ${f.from} to ${f.to}.`, `Give it to the staff at ${f.from}.`],
  ak: (f) =>
    f.deliveryCode
      ? [`Akuafo Market: kood a wode de nneɛma ma ${f.deliveryCode}, ${f.no}, ${f.from} kɔ ${f.to}.`, `Ma adwumayɛfo a wɔwɔ ${f.to} no.`]
      : [`Akuafo Market: kood a wode gye nneɛma ${f.collectionCode}, ${f.no}, ${f.from} kɔ ${f.to}.`, `Ma adwumayɛfo a wɔwɔ ${f.from} no.`],
};
