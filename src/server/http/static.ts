import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { localeFile, PAGE_ALIASES, PAGE_TEMPLATE_FILE, type PostedForm } from '../../shared/rendered-pages';
import type { Locale } from '../../shared/i18n/locales';
import { LOCALE_PRELOADS_FILE, preloadsFor, ROUTE_PRELOADS_FILE, withRouteChunks, type LocalePreloads, type RoutePreload } from '../../shared/route-preloads';
import type { Logger } from '../platform/logging';
import type { AppEnv } from './context';
import { badRequest } from './errors';
import { answeringWithFile } from './security';
import { createAnswerCache, formWanted, sendAnswer } from './answer-cache';
import { createRenderedPages, type PageReads } from './rendered-pages';
import { createShareCards } from './share-cards';
import { visitorLocale } from './language';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * A form of a rendered page posted without JavaScript (the contact form): what the page then
 * shows, and its status (a 4xx for what to correct).
 */
export type FormPost = (c: Context<AppEnv>, fields: Record<string, string>) => Promise<{ status: 200 | 201 | 400 | 403 | 429; posted: PostedForm }>;

export interface RenderedPagesOptions {
  reads: PageReads;
  logger: Logger;
  /** The app's own address (PUBLIC_URL): a form is taken only from a page of it. */
  publicUrl: string;
  /** The forms posted to a page's own address, by path. */
  forms?: Record<string, FormPost>;
}

/** The biggest form a page takes (the contact form's message is at most 5,000 characters). */
const FORM_MAX_BYTES = 64 * 1024;

/**
 * Serves the built PWA. Hashed files under /assets are immutable; the service worker,
 * manifest and index.html must always be revalidated so updates reach phones. Any other
 * path that is not a file gets the app: / its prerendered home (index.html), any other the
 * prerendered shell (shell.html, when the build made one), and the client router decides
 * (including 404). The product list and product pages are rendered with their data at the
 * request when `pages` is given (see rendered-pages.ts).
 */
/**
 * What the rendered pages kept ready to send may hold, compressed (about 20 KB a product page,
 * 15 KB once asked again and compressed at the best level in both encodings). Kept before as
 * whole strings, 200 of them, they held 17 MB of the server's heap after 2,000 requests, and
 * each request compressed its page again through web streams (docs/performance.md).
 */
const RENDERED_PAGES_BYTES = 4 * 1024 * 1024;

export function staticRoutes(root: string, pages?: RenderedPagesOptions) {
  const app = new Hono<AppEnv>();
  const base = normalize(root);
  const indexFile = join(base, 'index.html');
  const shellFile = join(base, 'shell.html');
  const preloadsFile = join(base, ROUTE_PRELOADS_FILE);
  const localePreloadsFile = join(base, LOCALE_PRELOADS_FILE);
  const rendered = pages && existsSync(join(base, PAGE_TEMPLATE_FILE)) ? createRenderedPages(join(base, PAGE_TEMPLATE_FILE), pages.reads, pages.logger) : undefined;
  // Each page's card when its link is shared, written into the head the server sends (share-cards.ts).
  const cards = pages ? createShareCards(pages.publicUrl, pages.reads) : undefined;
  const withCard = async (html: string, path: string, locale: Locale) => (cards ? cards.into(html, path, locale) : html);
  // Rendered pages as sent, compressed, per head (renderedPageAnswers).
  const renderedAnswers = createAnswerCache(RENDERED_PAGES_BYTES);
  let renderedHead = '';
  // The shell as sent for each route (with its page's chunks named), made once per route.
  const shells = new Map<string, Promise<string>>();
  let routes: Promise<RoutePreload[]> | undefined;
  let messages: Promise<LocalePreloads> | undefined;

  const preloads = async (path: string) => {
    routes ??= readFile(preloadsFile, 'utf8').then((text) => JSON.parse(text) as RoutePreload[], () => []);
    return preloadsFor(path, await routes);
  };

  /** The document with the route's page chunks added to its list of the app's chunks. */
  async function withPreloads(path: string, html: string | Promise<string>): Promise<string> {
    const files = await preloads(path);
    return withRouteChunks(await html, files);
  }

  /** A page rendered here (one template for every language) with its language's first-screen messages named too. */
  async function withPagePreloads(path: string, html: string, locale: Locale): Promise<string> {
    messages ??= readFile(localePreloadsFile, 'utf8').then((text) => JSON.parse(text) as LocalePreloads, () => ({}));
    return withRouteChunks(await withPreloads(path, html), (await messages)[locale] ?? []);
  }

  async function shellFor(path: string, file: string): Promise<string> {
    const key = `${file}:${(await preloads(path)).join(',')}`;
    let shell = shells.get(key);
    if (!shell) {
      shell = withPreloads(path, readFile(file, 'utf8'));
      shells.set(key, shell);
    }
    return shell;
  }

  // A form posted without JavaScript: the page again, saying it was sent or what to correct.
  app.post('*', bodyLimit({ maxSize: FORM_MAX_BYTES, onError: (c) => c.text('Form too large', 413) }), async (c, next) => {
    const path = decodedPath(c.req.url).replace(/(.)\/$/, '$1');
    const form = pages?.forms?.[path];
    if (!form || !rendered) return next();
    const locale: Locale = visitorLocale(c);
    const fields = await formFields(c);
    // Another site's page may not post here (a hidden form would send spam in a visitor's name).
    const answer = fromOurPage(c, pages!.publicUrl) ? await form(c, fields) : { status: 403 as const, posted: { values: fields, errors: { form: CROSS_SITE } } };
    const html = await rendered.answering(c, path, locale, answer.posted);
    if (!html) return next();
    return c.body(await withPagePreloads(path, html, locale), answer.status, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-store' });
  });

  app.get('*', async (c, next) => {
    const path = decodedPath(c.req.url);
    if (path.startsWith('/api/') || path.startsWith('/media/')) return next();
    const alias = PAGE_ALIASES[path];
    if (alias) return c.redirect(alias + new URL(c.req.url).search, 302);
    const file = normalize(join(base, path));
    const inside = file === base || file.startsWith(base + sep);
    const locale = visitorLocale(c);
    const page = path !== '/' && existsSync(shellFile) ? shellFile : indexFile;
    const target = inside && (await isFile(file)) ? file : extname(path) ? undefined : page;
    // The app's pages come in the visitor's language; the file names stay plain.
    const inLanguage = target === page ? localeFile(page, locale) : undefined;
    if (!target || !existsSync(target)) return next();
    const kept = target === shellFile && rendered ? await rendered.keyOf(c, path, locale) : undefined;
    if (kept && rendered) {
      if (kept.head !== renderedHead) {
        renderedAnswers.keepOnly(`${kept.head}|`);
        renderedHead = kept.head;
      }
      const fill = async () => {
        const page = await rendered.html(c, path, locale);
        if (!page) throw new Error('not rendered'); // logged by html(); the shell serves the page
        // Private: the hints it was rendered for came from this phone's cookies.
        return { json: await withCard(await withPagePreloads(path, page.html, locale), path, locale), cacheControl: 'private, no-cache', contentType: TYPES['.html'], status: page.status };
      };
      const answer = await Promise.resolve(renderedAnswers.get(`${kept.head}|${kept.key}`, fill, formWanted((name) => c.req.header(name)))).catch(() => undefined);
      if (answer) return sendAnswer(c, answer, 'Cookie, Save-Data, Accept-Encoding');
    }
    const translated = inLanguage && inLanguage !== page && existsSync(inLanguage) ? inLanguage : undefined;
    const document =
      target === shellFile
        ? rendered ? await rendered.withNotice(await shellFor(path, translated ?? shellFile), path + new URL(c.req.url).search, locale) : await shellFor(path, translated ?? shellFile)
        : target === indexFile && rendered
          ? await rendered.withFeatured(await readFile(translated ?? target, 'utf8'), locale)
          : target === page ? await readFile(translated ?? target, 'utf8') : undefined;
    const body = document === undefined ? await readFile(translated ?? target) : Buffer.from(await withCard(document, path, locale));
    const immutable = target.includes(`${sep}assets${sep}`);
    // Documents keep every policy, also those the worker keeps to serve offline (index.ak.html),
    // and so does the worker's script: its CSP is the one it runs under.
    if (extname(target) !== '.html' && target !== join(base, 'sw.js')) answeringWithFile(c);
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(target === page ? { Vary: 'Cookie, Accept-Language' } : {}),
    });
  });
  return app;
}

const CROSS_SITE = 'Requests from other sites are not allowed.';

/**
 * Whether a form came from a page of this app: its Origin (every current browser sends one
 * with a POST), else its Referer, names this host. A browser that sends neither is an old one
 * that no other site can make post here without the visitor's own press; it is let through.
 */
function fromOurPage(c: Context<AppEnv>, publicUrl: string): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return false;
  const from = c.req.header('origin') ?? c.req.header('referer');
  if (from === undefined) return true;
  try {
    const url = new URL(from);
    return url.origin === new URL(publicUrl).origin || url.host === c.req.header('host');
  } catch {
    return false;
  }
}

/** A form's text fields (a file or a repeated name keeps its first text). */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  const body = await c.req.parseBody({ all: true });
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

/** The request's path as text; a broken percent-escape (`/%E0%A4%A`) is the client's mistake: 400. */
function decodedPath(url: string): string {
  const raw = new URL(url).pathname;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest('This address is not valid. Please check the link.');
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
