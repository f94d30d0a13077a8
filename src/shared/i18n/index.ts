import { setupI18n, type Messages } from '@lingui/core';
import type { MessageId } from './catalogues/en';
import { messages as en } from './compiled/en';
import { isLocale, PSEUDO_LOCALE, SOURCE_LOCALE, type Locale } from './locales';

export type { MessageId } from './catalogues/en';
export * from './locales';

/** A language the app can show: one of LOCALES, or the pseudo-locale of the catalogue test. */
export type ShownLocale = Locale | typeof PSEUDO_LOCALE;

/**
 * The compiled catalogues, loaded on demand: English is in the first screen's code (it is the
 * fallback), each other language is its own small chunk, fetched only by its readers.
 * A new language is one line here and in locales.ts.
 */
const LOADERS: Record<Exclude<ShownLocale, 'en'>, () => Promise<{ messages: Messages }>> = {
  ak: () => import('./compiled/ak'),
  pseudo: () => import('./compiled/pseudo'),
};

/** The one message store (Lingui, compiled catalogues: no parser ships). */
export const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: en } });

/** Fetches a language's catalogue once; later calls answer at once. */
export async function loadLocale(locale: ShownLocale): Promise<void> {
  if (loaded.has(locale) || locale === SOURCE_LOCALE) return;
  const { messages } = await LOADERS[locale as Exclude<ShownLocale, 'en'>]();
  i18n.load(locale, messages);
  loaded.add(locale);
}
const loaded = new Set<ShownLocale>([SOURCE_LOCALE]);

export const isLoaded = (locale: ShownLocale) => loaded.has(locale);

/** Shows `locale` from now on (loaded first with loadLocale); an unknown code shows English. */
export function activate(locale: ShownLocale | string): void {
  const next = (isLocale(locale) || locale === PSEUDO_LOCALE) && loaded.has(locale) ? locale : SOURCE_LOCALE;
  if (i18n.locale !== next) i18n.activate(next);
}

export const currentLocale = (): ShownLocale => i18n.locale as ShownLocale;

/** A message in the current language. Values fill its {placeholders}. */
export function t(id: MessageId, values?: Record<string, string | number>): string {
  return i18n._(id, values);
}

/** The `lang` attribute for a language: Twi is `ak`; English (and the pseudo-locale, English underneath) stays `en-GH` as before. */
export const htmlLang = (locale: ShownLocale): string => (locale === SOURCE_LOCALE || locale === PSEUDO_LOCALE ? 'en-GH' : locale);
