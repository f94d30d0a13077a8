import { GHANA_REGIONS, type GhanaRegion } from '../../../shared/catalogue';
import { MIN_SALES } from '../../../shared/market-prices';
import type { MarketPriceSummary } from '../../../shared/schemas/market-prices';
import type { Db } from '../../platform/db';
import { fitSms } from '../../platform/messages/sms-text';
import { createMarketPrices } from './service';

/** "GHS 420" / "GHS 12.50": SMS money, GSM-7 and short (the cedi sign is not in GSM-7). */
const ghs = (cedis: number) => `GHS ${Number.isInteger(cedis) ? cedis.toLocaleString('en-GB') : cedis.toFixed(2)}`;

/** Words that only say "price": PRICE MAIZE, prices of maize, how much is maize. */
const FILLER = new Set(['price', 'prices', 'of', 'for', 'the', 'how', 'much', 'is', 'are', 'today', 'please', 'pls', 'what']);

/** The commodities an SMS names, best match first: all words of the text are looked up in each commodity's words and name. */
function matching(text: string, commodities: MarketPriceSummary[], words: Map<string, string>): MarketPriceSummary[] {
  const asked = text.toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').split(/\s+/).filter((w) => w && !FILLER.has(w));
  if (asked.length === 0) return [];
  return commodities.filter((c) => {
    const known = `${words.get(c.id) ?? ''} ${c.name.toLowerCase()}`.split(/\s+/);
    return asked.some((w) => known.includes(w) || known.includes(w.replace(/s$/, '')));
  });
}

function describe(c: MarketPriceSummary): string {
  const figures = [c.paid !== null ? `paid ${ghs(c.paid)}` : undefined, c.asking !== null ? `asking ${ghs(c.asking)}` : undefined].filter(Boolean).join(', ');
  return `${c.name} ${c.unit}: ${figures || 'no price this week'}.`;
}

/**
 * The answer to a price question by SMS (and USSD's "Prices today"): this week's paid and
 * asking price of the commodity named, in the region given (else the whole country), in one
 * SMS of at most 160 GSM-7 characters.
 */
export async function answerPriceQuery(db: Db, words: string, region: string | null): Promise<string> {
  const place = region && (GHANA_REGIONS as readonly string[]).includes(region) ? region : null;
  const prices = createMarketPrices(db);
  const [list, commodities] = await Promise.all([prices.list({ region: (place ?? undefined) as GhanaRegion | undefined }), prices.commodities()]);
  const found = matching(words, list, new Map(commodities.map((c) => [c.id, c.words])));
  if (found.length === 0) {
    const examples = list.slice(0, 4).map((c) => c.name.split(' ')[0]!.toUpperCase()).join(', ');
    return fitSms('Akuafo prices: we could not tell which produce you mean. Send PRICE and a crop, e.g. PRICE MAIZE.', `Try: ${examples}.`);
  }
  const head = `Akuafo ${place ?? 'Ghana'} this week: `;
  const few = found.some((c) => c.paid === null && c.asking !== null) ? `Asking only where under ${MIN_SALES} sales.` : '';
  return fitSms(head + describe(found[0]!), ...found.slice(1).map(describe), few);
}
