import { setupI18n, type I18n } from '@lingui/core';
import type { Context } from 'hono';
import type { ApiErrorBody } from '../../shared/errors';
import { acceptLanguageTags, catalogueOf, cookieLocale, isLocale, pickLocale, SOURCE_LOCALE, type Locale } from '../../shared/i18n';
import { inReadersWords } from '../../shared/i18n/api-messages';
import type { Db } from '../platform/db';
import type { AppEnv } from './context';

/**
 * The API's errors in the reader's language, at the one place they are written out
 * (errorResponse): the account's language (users.language) when signed in (not for a 429), else the
 * `akuafo-lang` cookie the app sets when a language is chosen, else Accept-Language.
 * Only the sentences (message, fieldErrors); the codes stay, and an English reader gets
 * the English texts exactly as before. A sentence with no translation stays English.
 */
export async function inReadersLanguage(c: Context<AppEnv>, db: Db, body: ApiErrorBody, status: number): Promise<ApiErrorBody> {
  const locale = await readerLocale(c, db, status);
  if (locale === SOURCE_LOCALE) return body;
  const messages = await storeOf(locale);
  const say = (text: string) => inReadersWords(text, (id, values) => messages._(id, values));
  const translated: ApiErrorBody = { ...body, message: say(body.message) };
  if (body.fieldErrors) translated.fieldErrors = Object.fromEntries(Object.entries(body.fieldErrors).map(([field, text]) => [field, say(text)]));
  return translated;
}

/**
 * The reader's language: the account's when signed in, else the app's cookie, else
 * Accept-Language. Also for what is sent in answer to a request (the contact form's receipt).
 */
export async function readerLocale(c: Context<AppEnv>, db: Db, status = 200): Promise<Locale> {
  const user = c.get('user');
  // A 5xx may be the database itself failing (or load being shed): the headers decide then.
  // A 429 is a rate limiter refusing a flood: reading the account for each refusal would let
  // the flood cost the database a read apiece, so the request's own headers word it.
  if (user && status < 500 && status !== 429) {
    try {
      const row = await db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirst();
      if (isLocale(row?.language)) return row.language;
    } catch {
      // the account's choice could not be read: the request's own headers still say something
    }
  }
  return cookieLocale(c.req.header('cookie')) ?? pickLocale(acceptLanguageTags(c.req.header('accept-language')));
}

/** One message store per language, made on its first error (Lingui's, with the app's compiled catalogue). */
const stores = new Map<Locale, Promise<I18n>>();
function storeOf(locale: Locale): Promise<I18n> {
  let store = stores.get(locale);
  if (!store) {
    store = catalogueOf(locale).then((messages) => setupI18n({ locale, messages: { [locale]: messages } }));
    stores.set(locale, store);
  }
  return store;
}
