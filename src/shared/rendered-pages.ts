/**
 * The pages the server renders at the request with their data (src/server/http/rendered-pages.ts):
 * the product list and a product. The service worker keeps the last copy of each for offline.
 */
const LIST = /^\/products\/?$/;
const PRODUCT = /^\/product\/\d{1,12}\/?$/;

/** Whether the server renders this path with its data; a product only for a signed-in phone (visitors are sent to sign in). */
export function isRenderedPage(pathname: string, signedIn = true): boolean {
  return LIST.test(pathname) || (signedIn && PRODUCT.test(pathname));
}

/** The build's document for them (src/static-build), and the markers where a page's HTML and data go. */
export const PAGE_TEMPLATE_FILE = 'page.html';
export const PAGE_OUTLET = '<!--page-->';
export const PAGE_DATA_OUTLET = '<!--page-data-->';

/** The build's document in a language: index.html in English, index.ak.html in Twi (the server and the service worker pick by the language cookie). */
export const localeFile = (file: string, locale: string): string => (locale === 'en' ? file : file.replace(/\.html$/, `.${locale}.html`));
