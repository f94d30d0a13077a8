import { isLocale, LANGUAGE_COOKIE, type Locale } from '../../shared/i18n/locales';

/**
 * Where this device keeps its reader's language: localStorage (read synchronously before the
 * first render, and offline) and a cookie (the server and the service worker send pages in it).
 * Small and free of the message library, so the first screen's script can keep a choice made
 * before the app has started (initial-app/early-presses.ts).
 */
export const LANGUAGE_STORAGE_KEY = 'akuafo.language';
const YEAR = 365 * 24 * 3600;

/** Marks the language lists (the bar's, Settings'): found again after the app draws a page over. */
export const LANGUAGE_LIST_ATTRIBUTE = 'data-language-list';

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the cookie or the phone's language decide
  }
}

/**
 * The language this device's reader chose (the bar, Settings), if any: sent with sign-in and
 * sign-up, so an account without a language of its own takes it for its messages.
 */
export function deviceLanguage(): Locale | undefined {
  const chosen = storedLanguage();
  return isLocale(chosen) ? chosen : undefined;
}

/** Remembers a language on this device: for its next page, and for the server's. */
export function rememberLanguage(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage blocked: the cookie still carries the choice
  }
  setLanguageCookie(locale);
}

export function setLanguageCookie(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${YEAR}; samesite=lax`;
}
