import type { Locale } from '../i18n/locales';
import type { CommodityWords } from '../schemas/market-prices';

/**
 * Every market-price commodity's name and unit in each language: the one place they are
 * written. The commodities themselves are rows of the server's `commodities` table (migration
 * 017, frozen); the English here is the same as the table's `name` and `unit`
 * (tests/server/commodity-names.test.ts holds them together), and the API keeps answering
 * those as `name`/`unit`, with these beside them as `names` (docs/market-prices.md).
 * The Twi is market Twi; the choices and their alternatives are in docs/i18n/glossary-tw.md for
 * a native speaker's review. A language missing here reads the English.
 */
/** English always; another language where written (a language added later reads the English until its words are here). */
export type NamesByLanguage = { en: CommodityWords } & Partial<Record<Locale, CommodityWords>>;

export const COMMODITY_NAMES: Record<string, NamesByLanguage> = {
  'maize-50kg': { en: { name: 'Maize', unit: '50 kg bag' }, ak: { name: 'Aburow', unit: 'kotoku 50 kg' } },
  'rice-25kg': { en: { name: 'Rice', unit: '25 kg bag' }, ak: { name: 'Ɛmo', unit: 'kotoku 25 kg' } },
  'rice-5kg': { en: { name: 'Rice', unit: '5 kg bag' }, ak: { name: 'Ɛmo', unit: 'kotoku 5 kg' } },
  'millet-50kg': { en: { name: 'Millet', unit: '50 kg bag' }, ak: { name: 'Ayuo', unit: 'kotoku 50 kg' } },
  'sorghum-50kg': { en: { name: 'Sorghum', unit: '50 kg bag' }, ak: { name: 'Atoko', unit: 'kotoku 50 kg' } },
  'soya-50kg': { en: { name: 'Soya beans', unit: '50 kg bag' }, ak: { name: 'Soya', unit: 'kotoku 50 kg' } },
  'groundnuts-olonka': { en: { name: 'Groundnuts', unit: 'olonka' }, ak: { name: 'Nkateɛ', unit: 'olonka' } },
  'cowpea-olonka': { en: { name: 'Cowpea', unit: 'olonka' }, ak: { name: 'Adua', unit: 'olonka' } },
  'yam-tuber': { en: { name: 'Yam', unit: 'tuber' }, ak: { name: 'Bayerɛ', unit: 'baako' } },
  'cassava-maxi-bag': { en: { name: 'Cassava', unit: 'maxi bag' }, ak: { name: 'Bankye', unit: 'kotoku kɛseɛ' } },
  'tomatoes-crate': { en: { name: 'Tomatoes', unit: 'crate' }, ak: { name: 'Ntoosi', unit: 'adaka' } },
  'okra-basket': { en: { name: 'Okra', unit: 'medium basket' }, ak: { name: 'Nkruma', unit: 'kɛntɛn ntam' } },
  'onions-50kg': { en: { name: 'Onions', unit: '50 kg bag' }, ak: { name: 'Gyeene', unit: 'kotoku 50 kg' } },
  'pepper-olonka': { en: { name: 'Pepper', unit: 'olonka' }, ak: { name: 'Mako', unit: 'olonka' } },
  'plantain-bunch': { en: { name: 'Plantain', unit: 'bunch' }, ak: { name: 'Brɔdeɛ', unit: 'sisi baako' } },
  'pineapple-each': { en: { name: 'Pineapple', unit: 'each' }, ak: { name: 'Aborɔbɛ', unit: 'baako' } },
  'goat-head': { en: { name: 'Goat', unit: 'head' }, ak: { name: 'Abirekyie', unit: 'baako' } },
  'broiler-live': { en: { name: 'Broiler chicken', unit: 'live bird' }, ak: { name: 'Akokɔ (broiler)', unit: 'baako a ɔte ase' } },
  'eggs-crate': { en: { name: 'Eggs', unit: 'crate of 30' }, ak: { name: 'Nkosua', unit: 'kreet (30)' } },
  'npk-50kg': { en: { name: 'NPK 15-15-15 fertilizer', unit: '50 kg bag' }, ak: { name: 'Fɛtilaesa NPK 15-15-15', unit: 'kotoku 50 kg' } },
  'urea-50kg': { en: { name: 'Urea fertilizer', unit: '50 kg bag' }, ak: { name: 'Fɛtilaesa Urea', unit: 'kotoku 50 kg' } },
};

/** The `names` the API answers beside `name`/`unit`: every language's words written (English from the row when the table has none). */
export function namesOf(commodity: { id: string; name: string; unit: string }): NamesByLanguage {
  return COMMODITY_NAMES[commodity.id] ?? { en: { name: commodity.name, unit: commodity.unit } };
}
