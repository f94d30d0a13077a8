import { GHANA_REGIONS, type GhanaRegion } from '../../../shared/catalogue';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { formatCedis } from '../../../shared/money';
import { MIN_SALES } from '../../../shared/market-prices';
import type { MarketPriceSummary } from '../../../shared/schemas/market-prices';
import type { Db } from '../../platform/db';
import { fitWithin, gsmLength, SMS_LIMIT, SMS_TWO_PARTS, toGsm } from '../../platform/messages/sms-text';
import { createMarketPrices } from './service';
import { PRICE_WORDS } from './sms-words';

/** "GHS 1,139.50": the one money formatter's figure, in GSM-7 (the cedi sign is not in it), as every SMS and USSD screen shows money. */
const ghs = (cedis: number) => toGsm(formatCedis(cedis));

/**
 * Words that only say "price", in English and Twi: PRICE MAIZE, prices of maize, how much is
 * maize; "aburow bo yɛ sɛn ɛnnɛ" (how much is maize today).
 */
const FILLER = new Set([
  ...['price', 'prices', 'of', 'for', 'the', 'how', 'much', 'is', 'are', 'today', 'please', 'pls', 'what'],
  ...['bo', 'ne', 'ye', 'sen', 'yi', 'enne', 'dwam', 'mepa', 'wo', 'kyew'],
]);

/** A text's words as plain lower-case letters and digits: "Bayerɛ" and "BAYERE" read alike. */
const plainWords = (text: string) => toGsm(text).toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').split(/\s+/).filter(Boolean);

/** The commodities an SMS names, best match first: all words of the text are looked up in each commodity's words and names in every language. */
function matching(text: string, commodities: MarketPriceSummary[], words: Map<string, string>): MarketPriceSummary[] {
  const asked = plainWords(text).filter((w) => !FILLER.has(w));
  if (asked.length === 0) return [];
  return commodities.filter((c) => {
    const known = plainWords([words.get(c.id) ?? '', c.name, ...Object.values(c.names).map((n) => n.name)].join(' '));
    return asked.some((w) => known.includes(w) || known.includes(w.replace(/s$/, '')));
  });
}

/**
 * The language a question without a known language was asked in: one whose name of a crop
 * (not also the English's) the asker wrote, as "PRICE ABUROW"; else English.
 */
function askedIn(text: string, commodities: MarketPriceSummary[]): Locale {
  const asked = new Set(plainWords(text));
  for (const c of commodities) {
    const english = new Set(plainWords(`${c.name} ${c.names.en?.name ?? ''}`));
    for (const [code, words] of Object.entries(c.names)) {
      if (code !== SOURCE_LOCALE && isLocale(code) && plainWords(words.name).some((w) => asked.has(w) && !english.has(w))) return code;
    }
  }
  return SOURCE_LOCALE;
}

function describe(c: MarketPriceSummary, language: Locale, lastWeek = false): string {
  const words = PRICE_WORDS[language] ?? PRICE_WORDS.en;
  const own = c.names[language] ?? { name: c.name, unit: c.unit };
  const figuresOf = (w: { paid: number | null; asking: number | null }) => [w.paid !== null ? words.paid(ghs(w.paid)) : undefined, w.asking !== null ? words.asking(ghs(w.asking)) : undefined].filter(Boolean).join(', ');
  // The weeks end with this one: the one before it is last week.
  const before = lastWeek ? c.weeks[c.weeks.length - 2] : undefined;
  const previous = before ? figuresOf(before) : '';
  return `${words.commodity(own.name, own.unit)}: ${figuresOf(c) || words.none}${previous ? `; ${words.lastWeek(previous)}` : ''}.`;
}

export interface PriceAnswerOptions {
  /** The asker's language (their account's, or their USSD choice); when unknown, the language of the crop's name they wrote, else English. */
  language?: string;
  /** A USSD screen's length; an SMS otherwise (see answerPriceQuery). */
  limit?: number;
  /** Say last week's figures too (a WhatsApp chat has the room). */
  lastWeek?: boolean;
}

/**
 * The answer to a price question by SMS (and USSD's "Prices today"): this week's paid and
 * asking price of the commodity named (in English or Twi), in the region given (else, or when
 * the region has no figure for it this week, the whole country's), in the asker's language. An
 * SMS spends a second part only when the first match alone needs it (Twi's longer words can);
 * further matches and the note are added only while they fit the parts already paid for. With `limit` (a USSD screen), within that.
 */
export async function answerPriceQuery(db: Db, words: string, region: string | null, options: PriceAnswerOptions = {}): Promise<string> {
  const place = region && (GHANA_REGIONS as readonly string[]).includes(region) ? region : null;
  const prices = createMarketPrices(db);
  const [list, commodities] = await Promise.all([prices.list({ region: (place ?? undefined) as GhanaRegion | undefined }), prices.commodities()]);
  const language: Locale = isLocale(options.language) ? options.language : askedIn(words, list);
  const said = PRICE_WORDS[language] ?? PRICE_WORDS.en;
  const found = matching(words, list, new Map(commodities.map((c) => [c.id, c.words])));
  const within = (essential: string) => options.limit ?? (gsmLength(toGsm(essential)) <= SMS_LIMIT ? SMS_LIMIT : SMS_TWO_PARTS);
  if (found.length === 0) {
    const examples = [...new Set(list.map((c) => (c.names[language]?.name ?? c.name).split(' ')[0]!.toUpperCase()))].slice(0, 4).join(', ');
    return fitWithin(within(said.unknown), said.unknown, said.examples(examples));
  }
  // A region with no figure this week for what was asked: the whole country's, named as such, rather than "no price".
  if (place && !found.some((c) => c.paid !== null || c.asking !== null)) return answerPriceQuery(db, words, null, options);
  const essential = said.head(place ?? 'Ghana') + describe(found[0]!, language, options.lastWeek);
  const few = found.some((c) => c.paid === null && c.asking !== null) ? [said.fewSales(MIN_SALES)] : [];
  return fitWithin(within(essential), essential, ...found.slice(1).map((c) => describe(c, language, options.lastWeek)), ...few);
}
