/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { cookieLocale, LANGUAGE_COOKIE, SOURCE_LOCALE } from '../src/shared/i18n/locales';
import { localeFile } from '../src/shared/rendered-pages';

declare const self: ServiceWorkerGlobalScope & { cookieStore?: { get(name: string): Promise<{ value: string } | null> } };

/**
 * The reader's language, from the cookie the app sets when they choose (Chromium lets a
 * service worker read it through the Cookie Store API). Without it, English: the app then
 * draws the page in the chosen language as it starts.
 */
export async function readerLocale(): Promise<string> {
  try {
    const cookie = await self.cookieStore?.get(LANGUAGE_COOKIE);
    return cookieLocale(cookie ? `${LANGUAGE_COOKIE}=${cookie.value}` : undefined) ?? SOURCE_LOCALE;
  } catch {
    return SOURCE_LOCALE;
  }
}

/** The precached document (index.html, shell.html) in the reader's language, else the English one. */
export async function documentInLanguage(file: string): Promise<Response | undefined> {
  const locale = await readerLocale();
  return (await matchPrecache(localeFile(file, locale))) ?? matchPrecache(file);
}
