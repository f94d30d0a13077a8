import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono } from 'hono';
import { PAGE_TEMPLATE_FILE } from '../../shared/rendered-pages';
import { preloadsFor, ROUTE_PRELOADS_FILE, withRouteChunks, type RoutePreload } from '../../shared/route-preloads';
import type { Logger } from '../platform/logging';
import type { AppEnv } from './context';
import { badRequest } from './errors';
import { createRenderedPages, type PageReads } from './rendered-pages';
import { createShareCards } from './share-cards';
import { visitorLocale } from './language';
import { localeFile } from '../../shared/rendered-pages';
import type { Locale } from '../../shared/i18n/locales';

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
 * Serves the built PWA. Hashed files under /assets are immutable; the service worker,
 * manifest and index.html must always be revalidated so updates reach phones. Any other
 * path that is not a file gets the app: / its prerendered home (index.html), any other the
 * prerendered shell (shell.html, when the build made one), and the client router decides
 * (including 404). The product list and product pages are rendered with their data at the
 * request when `pages` is given (see rendered-pages.ts).
 */
export function staticRoutes(root: string, pages?: { reads: PageReads; logger: Logger; publicUrl: string }) {
  const app = new Hono<AppEnv>();
  const base = normalize(root);
  const indexFile = join(base, 'index.html');
  const shellFile = join(base, 'shell.html');
  const preloadsFile = join(base, ROUTE_PRELOADS_FILE);
  const rendered = pages && existsSync(join(base, PAGE_TEMPLATE_FILE)) ? createRenderedPages(join(base, PAGE_TEMPLATE_FILE), pages.reads, pages.logger) : undefined;
  // Each page's card when its link is shared, written into the head the server sends (share-cards.ts).
  const cards = pages ? createShareCards(pages.publicUrl, pages.reads) : undefined;
  const withCard = async (html: string, path: string, locale: Locale) => (cards ? cards.into(html, path, locale) : html);
  // The shell as sent for each route (with its page's chunks named), made once per route.
  const shells = new Map<string, Promise<string>>();
  let routes: Promise<RoutePreload[]> | undefined;

  const preloads = async (path: string) => {
    routes ??= readFile(preloadsFile, 'utf8').then((text) => JSON.parse(text) as RoutePreload[], () => []);
    return preloadsFor(path, await routes);
  };

  /** The document with the route's page chunks added to its list of the app's chunks. */
  async function withPreloads(path: string, html: string | Promise<string>): Promise<string> {
    const files = await preloads(path);
    return withRouteChunks(await html, files);
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

  app.get('*', async (c, next) => {
    const path = decodedPath(c.req.url);
    if (path.startsWith('/api/') || path.startsWith('/media/')) return next();
    const file = normalize(join(base, path));
    const inside = file === base || file.startsWith(base + sep);
    const locale = visitorLocale(c);
    const page = path !== '/' && existsSync(shellFile) ? shellFile : indexFile;
    const target = inside && (await isFile(file)) ? file : extname(path) ? undefined : page;
    // The app's pages come in the visitor's language; the file names stay plain.
    const inLanguage = target === page ? localeFile(page, locale) : undefined;
    if (!target || !existsSync(target)) return next();
    if (target === shellFile && rendered) {
      const html = await rendered.html(c, path, locale);
      // Private: the hints it was rendered for came from this phone's cookies.
      if (html) return c.body(await withCard(await withPreloads(path, html), path, locale), 200, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'private, no-cache', Vary: 'Cookie, Save-Data' });
    }
    const translated = inLanguage && inLanguage !== page && existsSync(inLanguage) ? inLanguage : undefined;
    const document = target === shellFile ? await shellFor(path, translated ?? shellFile) : target === page ? await readFile(translated ?? target, 'utf8') : undefined;
    const body = document === undefined ? await readFile(translated ?? target) : Buffer.from(await withCard(document, path, locale));
    const immutable = target.includes(`${sep}assets${sep}`);
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(target === page ? { Vary: 'Cookie, Accept-Language' } : {}),
    });
  });
  return app;
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
