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
const LOADERS: Record<ShownLocale, Partial<Record<Part, () => Promise<{ messages: Messages }>>>> = {
  en: { pages: () => import('./compiled/en.pages') },
  ak: { firstScreen: () => import('./compiled/ak'), pages: () => import('./compiled/ak.pages') },
  pseudo: { firstScreen: () => import('./compiled/pseudo'), pages: () => import('./compiled/pseudo.pages') },
};

/**
 * A catalogue comes in two parts (scripts/compile-i18n.ts): what the first screen shows, and
 * the rest, which the routes after the home load with their code (loadPageMessages).
 */
type Part = 'firstScreen' | 'pages';

/** The one message store (Lingui, compiled catalogues: no parser ships). */
export const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: en } });

/** Fetches a part of a language's catalogue once (both parts unless told); later calls answer at once, and a failed fetch is tried again by the next. */
export async function loadLocale(locale: ShownLocale, parts: Part[] = ['firstScreen', 'pages']): Promise<void> {
  await Promise.all(
    parts.map(async (part) => {
      const key = `${locale}:${part}`;
      const load = LOADERS[locale][part];
      if (!load) return; // English's first screen is in this module already
      const attempt = loading.get(key) ?? load().then(({ messages }) => i18n.load(locale, messages));
      loading.set(key, attempt);
      try {
        await attempt;
      } catch (error) {
        // A chunk lost on a patchy network is fetched again by the next call, not refused forever.
        if (loading.get(key) === attempt) loading.delete(key);
        throw error;
      }
      loaded.add(locale);
    }),
  );
}
const loading = new Map<string, Promise<void>>();
const loaded = new Set<ShownLocale>([SOURCE_LOCALE]);

/**
 * Every message of a language (both parts), for a store of its own: the server's, which answers
 * each request in its reader's language without touching the app's one store.
 */
export async function catalogueOf(locale: ShownLocale): Promise<Messages> {
  const parts = await Promise.all(Object.values(LOADERS[locale]).map((load) => load()));
  return Object.assign({}, locale === SOURCE_LOCALE ? en : {}, ...parts.map((part) => part.messages)) as Messages;
}

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
