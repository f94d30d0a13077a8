import { useSyncExternalStore } from 'react';
import { activate, cookieLocale, currentLocale, htmlLang, i18n, isLocale, loadLocale, pickLocale, t, type Locale, type ShownLocale } from '../../shared/i18n';
import { rememberLanguage, setLanguageCookie, storedLanguage } from './device-choice';

/** The language to show: the device's choice, else the cookie, else the phone's own languages. */
export function deviceLocale(): Locale {
  const chosen = storedLanguage();
  if (isLocale(chosen)) return chosen;
  return cookieLocale(typeof document === 'undefined' ? undefined : document.cookie) ?? pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

/**
 * Loads and shows a language, and makes `<html lang>` follow. At start-up only the first
 * screen's messages (`firstScreenOnly`): the routes fetch the rest with their code.
 */
let latestShown = 0;

export async function showLocale(locale: ShownLocale, firstScreenOnly = false): Promise<void> {
  const mine = ++latestShown;
  await loadLocale(locale, firstScreenOnly ? ['firstScreen'] : undefined);
  // Chosen twice in quick succession, the later choice wins even if the earlier one's messages arrive last.
  if (mine !== latestShown) return;
  activate(locale);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = htmlLang(locale);
  // The server and the service worker send the next page in it (a first visit's language too, which followed the phone).
  if (isLocale(locale) && cookieLocale(document.cookie) !== locale) setLanguageCookie(locale);
}

/**
 * The reader chose a language: remembered on the device (localStorage, and the cookie that
 * lets the server and the service worker send pages in it), then on the account if signed in.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  rememberLanguage(locale);
  await showLocale(locale);
  // Loaded only now: the account's code (Dexie, the outbox) stays out of the first screen.
  void import('./account-language').then(({ tellAccount }) => tellAccount(locale));
}

/** The messages of every screen but the first, in the reader's language: the routes after the home wait for them with their code. */
export const loadPageMessages = (): Promise<void> => loadLocale(deviceLocale(), ['pages']);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** `t`, redrawing the component when the language changes. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return t;
}

export function useLocale(): ShownLocale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
