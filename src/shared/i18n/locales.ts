/**
 * The languages the app speaks. Adding one (say Ewe, `ee`) is a catalogue file
 * (catalogues/ee.ts) and one line here; docs/i18n/README.md shows how.
 * `name` is the language in its own words: what the language control shows.
 */
export const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'ak', name: 'Twi' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];
/** The source language: every message is written in it first, and it is the fallback. */
export const SOURCE_LOCALE: Locale = 'en';
/** Not offered in the control: every message in it is the English one, accented and bracketed, so a test can tell text from the catalogue from text that is not. */
export const PSEUDO_LOCALE = 'pseudo';
/** The cookie that tells the server (and the service worker) the visitor's language: pages keep plain addresses. */
export const LANGUAGE_COOKIE = 'akuafo-lang';

export function isLocale(code: unknown): code is Locale {
  return LOCALES.some((l) => l.code === code);
}

/** The best of ours for a list of language tags (navigator.languages or Accept-Language), by order. */
export function pickLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    // Twi speakers' phones say ak, tw (Twi) or fat (Fante).
    const code = base === 'tw' || base === 'twi' || base === 'fat' ? 'ak' : base;
    if (isLocale(code)) return code;
  }
  return SOURCE_LOCALE;
}

/** A language tag as BCP 47 writes it ("ak", "en-GH", "zh-Hant-TW"), or "*". */
const LANGUAGE_TAG = /^(?:[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)$/;
/** How many of a header's tags are read: a forged header of thousands costs no more than a real one. */
const MAX_TAGS = 32;

/** The tags of an Accept-Language header, most wanted first; anything that is not a language tag is skipped. */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',', MAX_TAGS)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((p) => LANGUAGE_TAG.test(p.tag) && p.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((p) => p.tag);
}

/** The language a cookie header names, if it is one of ours. */
export function cookieLocale(cookie: string | null | undefined): Locale | undefined {
  const value = cookie?.split(';').map((c) => c.trim().split('=')).find(([k]) => k === LANGUAGE_COOKIE)?.[1];
  return isLocale(value) ? value : undefined;
}
