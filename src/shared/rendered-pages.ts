/**
 * The pages the server renders at the request with their data (src/server/http/rendered-pages.ts):
 * the product list and a product. The service worker keeps the last copy of each for offline.
 */
const LIST = /^\/products\/?$/;
const PRODUCT = /^\/product\/\d{1,12}\/?$/;
/**
 * The public pages the server renders too, so they read with JavaScript off (issue 39): their
 * words, the prices, a search. The service worker gives these the shell (it keeps no copy).
 */
const CONTENT = /^\/(?:search|prices|prices\/[a-z0-9-]{1,60}|faq|about|shipping-returns|blog|blog\/[a-z0-9-]{1,100}|terms|privacy|contact)\/?$/;

/**
 * Addresses that are another page's (the account's Help Center is the FAQ): the server sends
 * them on with a redirect, so they work with JavaScript off; the app's router does the same.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = { '/help': '/faq', '/support': '/contact' };

/** Whether the service worker keeps the last copy of this page (the catalogue's pages). */
export function isRenderedPage(pathname: string): boolean {
  return LIST.test(pathname) || PRODUCT.test(pathname);
}

/** Whether the server renders this path at the request, with its content (any reader, signed in or not). */
export function isRenderedAtRequest(pathname: string): boolean {
  return isRenderedPage(pathname) || CONTENT.test(pathname);
}

/** The build's document for them (src/static-build), and the markers where a page's HTML and data go. */
export const PAGE_TEMPLATE_FILE = 'page.html';
export const PAGE_OUTLET = '<!--page-->';
export const PAGE_DATA_OUTLET = '<!--page-data-->';
/**
 * Where the prerendered home takes its featured products for a browser without JavaScript
 * (an empty <noscript> in the build; the server fills it at the request). React never looks
 * inside a <noscript>, so the filled one is adopted like the empty one.
 */
export const FEATURED_OUTLET = '<noscript data-plain="featured"></noscript>';
/** Where the shell takes, for a browser without JavaScript, what to do instead of waiting (sign in, or the pages that read without it). */
export const NOTICE_OUTLET = '<noscript data-plain="notice"></noscript>';

/** The build's document in a language: index.html in English, index.ak.html in Twi (the server and the service worker pick by the language cookie). */
export const localeFile = (file: string, locale: string): string => (locale === 'en' ? file : file.replace(/\.html$/, `.${locale}.html`));

/** What a form posted without JavaScript (the contact form) came back with: the values kept, what to correct, or its receipt. */
export interface PostedForm {
  values: Record<string, string>;
  /** The sentence per field to correct; a refusal of the whole form (too many messages, another site) under "form". */
  errors: Record<string, string>;
  /** The receipt's reference, once the message is stored. */
  reference?: number;
}
