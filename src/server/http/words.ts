import { setupI18n, type I18n } from '@lingui/core';
import { catalogueOf, type Locale } from '../../shared/i18n';

/**
 * One message store per language for pages the server writes in the reader's language (the
 * app's one store is never switched here), made on first use; a failed load is tried again.
 */
const stores = new Map<Locale, Promise<I18n>>();
export function wordsOf(locale: Locale): Promise<I18n> {
  let store = stores.get(locale);
  if (!store) {
    store = catalogueOf(locale).then((messages) => setupI18n({ locale, messages: { [locale]: messages } }));
    store.catch(() => stores.delete(locale));
    stores.set(locale, store);
  }
  return store;
}
