import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { acceptLanguageTags, isLocale, LANGUAGE_COOKIE, pickLocale, type Locale } from '../../shared/i18n/locales';

/**
 * The visitor's language: the cookie the app sets when they choose (so addresses stay plain and
 * shareable, and the service worker can follow it offline), else what their browser asks for.
 */
export function visitorLocale(c: Context): Locale {
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  return isLocale(chosen) ? chosen : pickLocale(acceptLanguageTags(c.req.header('accept-language')));
}
