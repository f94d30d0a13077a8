import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { PAGE_HINT_COOKIES } from '../../shared/page-hints';
import type { Product } from '../../shared/schemas/catalogue';
import { FEATURED_OUTLET, isRenderedAtRequest, NOTICE_OUTLET, PAGE_DATA_OUTLET, PAGE_OUTLET, type PostedForm } from '../../shared/rendered-pages';
import type { Logger } from '../platform/logging';
import type { Locale } from '../../shared/i18n/locales';

type Renderer = typeof import('../../static-build/render');

/** A longer query is nobody's bookmark: it gets the shell, and no render is spent on it. */
const QUERY_MAX = 300;
/** Home's featured lists kept per head (one per language). */
const KEPT_MAX = 20;

export interface PageReads {
  /** The JSON of a public read ("products?limit=20&page=1…") as a visitor gets it; undefined if refused. */
  json(key: string): Promise<unknown>;
  /** The catalogue version now (the mirror's cursor must reach it to be as new as the answers read after it). */
  catalogueVersion(): Promise<number>;
  /** The head of everything public reads show (the catalogue version, and reviews, seller names, warehouses). */
  head(): Promise<string>;
}

export interface RenderedPages {
  /**
   * Where a page rendered here is kept ready to send (static.ts keeps it compressed): the head
   * of the public reads now, and the page's key under it (language, hints, URL); undefined when
   * this page is not rendered here (the shell serves it).
   */
  keyOf(c: Context, path: string, locale?: Locale): Promise<{ head: string; key: string } | undefined>;
  /** The page's HTML with its data, rendered now, and its status (404 for an address naming nothing); undefined when it is not rendered here. */
  html(c: Context, path: string, locale?: Locale): Promise<RenderedPage | undefined>;
  /** The prerendered home with its featured products filled in for a browser without JavaScript. */
  withFeatured(home: string, locale: Locale): Promise<string>;
  /** The shell with, for a browser without JavaScript, what to do instead of waiting (sign in and come back to `url`; on the sign-in page asked for an action, why, and the way back). */
  withNotice(shell: string, url: string, locale: Locale): Promise<string>;
  /** A page answering a form posted without JavaScript (what was sent, or what to correct): never kept. */
  answering(c: Context, path: string, locale: Locale, posted: PostedForm): Promise<string | undefined>;
}

export interface RenderedPage {
  html: string;
  status: number;
}

/**
 * Renders a page (see src/shared/rendered-pages.ts) at the request, so a first visit paints
 * products, and the picture the eye goes to, before any JavaScript has run. Its data comes
 * from the answer cache, so prices are today's, never the build's. The caller keeps a page per
 * head, URL and hints (`keyOf`): any change a public read would show makes the next request
 * render it again.
 */
export function createRenderedPages(templateFile: string, reads: PageReads, logger: Logger): RenderedPages {
  let renderer: Promise<Renderer> | undefined;
  let template: Promise<string> | undefined;
  let keptHead = '';
  const kept = new Map<string, Promise<string | undefined>>();

  async function render(url: string, hints: { signedIn: boolean; dataSaver: boolean; posted?: PostedForm }, locale: Locale): Promise<RenderedPage> {
    renderer ??= import('../../static-build/render');
    template ??= readFile(templateFile, 'utf8');
    const { renderPage, withHtmlLang } = await renderer;
    const { html, data, status } = await renderPage(url, hints, async (key) => {
      const json = await reads.json(key);
      // Read after the answer: the answer is no newer than this version.
      return json === undefined ? undefined : { json, catalogueVersion: await reads.catalogueVersion() };
    }, locale);
    // The head's share card is written by share-cards.ts, for rendered pages and documents alike.
    const page = withHtmlLang(await template, locale)
      .replace(PAGE_OUTLET, () => html)
      .replace(PAGE_DATA_OUTLET, () => data);
    return { html: page, status };
  }

  function hintsOf(c: Context) {
    const signedIn = getCookie(c, PAGE_HINT_COOKIES.signedIn) === '1';
    const saverCookie = getCookie(c, PAGE_HINT_COOKIES.dataSaver);
    // No cookie yet: the phone's default, which follows the browser's own data saver (Save-Data).
    const dataSaver = saverCookie === undefined ? c.req.header('save-data') === 'on' : saverCookie === '1';
    return { signedIn, dataSaver };
  }

  /** What was made for `key` at the current head, else made now (a failure is logged and not kept). */
  async function keptAtHead(key: string, make: () => Promise<string | undefined>, path: string): Promise<string | undefined> {
    const head = await reads.head();
    if (head !== keptHead || kept.size >= KEPT_MAX) {
      kept.clear();
      keptHead = head;
    }
    let page = kept.get(key);
    if (!page) {
      page = make().catch((error: unknown) => {
        // The shell still works: a page that cannot be rendered is logged and served without its data.
        logger.error({ err: error, path }, 'page render failed');
        kept.delete(key);
        return undefined;
      });
      kept.set(key, page);
    }
    return page;
  }

  const notices = new Map<string, Promise<string>>();

  return {
    async withNotice(shell, url, locale) {
      if (!shell.includes(NOTICE_OUTLET)) return shell;
      renderer ??= import('../../static-build/render');
      const { noticeFor, renderNotice, NEXT_MARK, BACK_MARK } = await renderer;
      const { kind, back } = noticeFor(url);
      const key = `${locale}:${kind}`;
      let notice = notices.get(key);
      if (!notice) {
        notice = renderNotice(kind, locale);
        notices.set(key, notice);
      }
      const filled = (await notice).replace(NEXT_MARK, () => escapeAttribute(encodeURIComponent(url))).replace(BACK_MARK, () => escapeAttribute(back));
      return shell.replace(NOTICE_OUTLET, () => NOTICE_OUTLET.replace('></', () => `>${filled}</`));
    },
    async withFeatured(home, locale) {
      if (!home.includes(FEATURED_OUTLET)) return home;
      const list = await keptAtHead(`featured:${locale}`, async () => {
        const answer = (await reads.json('products/featured')) as { data: Product[] } | undefined;
        if (!answer?.data.length) return undefined;
        renderer ??= import('../../static-build/render');
        return (await renderer).renderFeatured(answer.data, locale);
      }, '/');
      return list ? home.replace(FEATURED_OUTLET, () => FEATURED_OUTLET.replace('></', () => `>${list}</`)) : home;
    },
    async answering(c, path, locale, posted) {
      if (!isRenderedAtRequest(path)) return undefined;
      return (await render(path, { ...hintsOf(c), posted }, locale)).html;
    },
    async keyOf(c, path, locale = 'en') {
      const search = new URL(c.req.url).search;
      if (search.length > QUERY_MAX || !isRenderedAtRequest(path)) return undefined;
      const { signedIn, dataSaver } = hintsOf(c);
      return { head: await reads.head(), key: `${locale}${Number(signedIn)}${Number(dataSaver)}${path}${search}` };
    },
    async html(c, path, locale = 'en') {
      const search = new URL(c.req.url).search;
      if (search.length > QUERY_MAX || !isRenderedAtRequest(path)) return undefined;
      try {
        return await render(path + search, hintsOf(c), locale);
      } catch (error) {
        // The shell still works: a page that cannot be rendered is logged and served without its data.
        logger.error({ err: error, path }, 'page render failed');
        return undefined;
      }
    },
  };
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
