/**
 * The words of a price answer (SMS and USSD's "Prices today"), by language. Written with ɛ and
 * ɔ; the SMS and the USSD screen spell them in plain letters (toGsm). Money is "GHS 420" in
 * every language (the cedi sign is not in GSM-7).
 */
export interface PriceWords {
  /** "Akuafo Ashanti this week: " before the first commodity. */
  head: (place: string) => string;
  /** "Maize 50 kg bag" / "Aburow (kotoku 50 kg)". */
  commodity: (name: string, unit: string) => string;
  paid: (money: string) => string;
  asking: (money: string) => string;
  none: string;
  /** Said once when any figure is the asking price alone (too few sales, or sales by too few sellers: MIN_SALES of each). */
  fewSales: (min: number) => string;
  unknown: string;
  examples: (list: string) => string;
  /** Last week's figures after this week's, where an answer has room for them (a WhatsApp chat). */
  lastWeek: (figures: string) => string;
}

/** By language code; a language without an entry reads the English. */
export const PRICE_WORDS: Record<string, PriceWords> & { en: PriceWords } = {
  en: {
    head: (place) => `Akuafo ${place} this week: `,
    commodity: (name, unit) => `${name} ${unit}`,
    paid: (money) => `paid ${money}`,
    asking: (money) => `asking ${money}`,
    none: 'no price this week',
    fewSales: (min) => `Asking only where under ${min} sales or sellers.`,
    unknown: 'Akuafo prices: we could not tell which produce you mean. Send PRICE and a crop, e.g. PRICE MAIZE.',
    examples: (list) => `Try: ${list}.`,
    lastWeek: (figures) => `last week ${figures}`,
  },
  ak: {
    head: (place) => `Akuafo ${place} nnawɔtwe yi: `,
    commodity: (name, unit) => `${name} (${unit})`,
    paid: (money) => `wɔtɔɔ ${money}`,
    asking: (money) => `wɔbisa ${money}`,
    none: 'bo biara nni hɔ nnawɔtwe yi',
    fewSales: (min) => `Baabi a wɔantɔn mpɛn ${min}: nea wɔbisa nko ara.`,
    unknown: 'Akuafo dwam bo: yɛnhunuu aguadeɛ a wopɛ. Kyerɛw PRICE ne nnɔbae din, te sɛ PRICE ABUROW.',
    examples: (list) => `Sɔ hwɛ: ${list}.`,
    lastWeek: (figures) => `nnawɔtwe a atwam ${figures}`,
  },
};
