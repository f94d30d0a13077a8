import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Beasties from 'beasties';
import { createServer, type Plugin, type Rollup } from 'vite';
import { PAGE_DATA_OUTLET, PAGE_OUTLET, PAGE_TEMPLATE_FILE } from '../shared/rendered-pages';
import { APP_CHUNKS_START, APP_STYLES_ID, chunkLinks, HELD_STYLES_TYPE, LOCALE_PRELOADS_FILE, preloadsFor, ROUTE_PRELOADS_FILE, withRouteChunks, type LocalePreloads, type RoutePreload } from '../shared/route-preloads';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../shared/i18n/locales';
import { localeFile } from '../shared/rendered-pages';

type Renderers = typeof import('./render');

const ROOT = '<div id="root"></div>';
/** What the prerendered home must show; a build without it fails rather than ship a blank page. */
const HOME_MUST_SHOW = ['Welcome to Akuafo Market Places', 'id="home-search"'];

/**
 * Part of `vite build` (so `npm start` on a fresh clone gets it too): writes the first screen
 * into index.html and the bar-and-footer shell into shell.html, each with the CSS its markup
 * needs inlined and the full stylesheet moved to the end of the body (no script, no JS-driven
 * loading: the CSP allows neither); and makes the hero's artwork. The client hydrates the
 * home and renders over the shell (src/web/main.tsx); the server and the service worker send
 * shell.html for every other page.
 */
export function prerender(): Plugin {
  let root = '';
  return {
    name: 'akuafo-prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset' || !String(page.source).includes(ROOT)) return;
      // A throwaway Vite server loads the app's modules in Node, lazy routes included.
      const vite = await createServer({ configFile: false, root, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
      let home: string, shell: string, art: Awaited<ReturnType<Renderers['heroArt']>>;
      // The home and the shell in each other language: index.ak.html, shell.ak.html (chosen by the language cookie).
      const translated: { code: Locale; home: string; shell: string }[] = [];
      let withLang: Renderers['withHtmlLang'];
      try {
        const render = (await vite.ssrLoadModule(resolve(root, 'src/static-build/render.tsx'))) as Renderers;
        withLang = render.withHtmlLang;
        [home, shell, art] = await Promise.all([render.renderHome(), render.renderShell(), render.heroArt()]);
        // One language at a time: each render activates its language.
        for (const { code } of LOCALES.filter((l) => l.code !== SOURCE_LOCALE)) translated.push({ code, home: await render.renderHome(code), shell: await render.renderShell(code) });
      } finally {
        await vite.close();
      }
      const missing = HOME_MUST_SHOW.filter((text) => !home.includes(text));
      if (missing.length) throw new Error(`The prerendered home lacks ${missing.join(', ')}:\n${home.slice(0, 500)}`);

      const assets = new Map<string, string>(Object.values(bundle).flatMap((f) => (f.type === 'asset' ? [[`/${f.fileName}`, String(f.source)]] : [])));
      const beasties = new (class extends Beasties {
        readFile(filename: string) {
          const css = assets.get(filename.startsWith('/') ? filename : `/${filename}`);
          if (css === undefined) throw new Error(`No ${filename} in the bundle`);
          return css;
        }
      })({ path: '/', publicPath: '/', preload: 'body', pruneSource: false, reduceInlineStyles: false, inlineFonts: false, logLevel: 'warn' });
      const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
      const app = appChunks(chunks);
      const template = withAppPreloads(String(page.source), app);
      const routes = routePreloads(root, chunks, app);
      // The server names a route's chunks in the shell it sends; index.html is the home's
      // page as it is, so the build names the home's own chunks in it (or they would be
      // fetched only once the app runs, one round trip after the rest).
      const homeTemplate = withRouteChunks(template, preloadsFor('/', routes));
      const messages = localePreloads(chunks, app);
      const fill = async (into: string, html: string, kind: 'home' | 'shell') => {
        const filled = await beasties.process(into.replace(ROOT, `<div id="root" data-prerendered="${kind}">${html}</div>`));
        return kind === 'home' ? withStylesAfterStart(filled) : filled;
      };

      page.source = await fill(homeTemplate, home, 'home');
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: await fill(template, shell, 'shell') });
      for (const t of translated) {
        const inLanguage = (html: string) => withRouteChunks(withLang(html, t.code), messages[t.code] ?? []);
        this.emitFile({ type: 'asset', fileName: localeFile('index.html', t.code), source: await fill(inLanguage(homeTemplate), t.home, 'home') });
        this.emitFile({ type: 'asset', fileName: localeFile('shell.html', t.code), source: await fill(inLanguage(template), t.shell, 'shell') });
      }
      this.emitFile({ type: 'asset', fileName: PAGE_TEMPLATE_FILE, source: pageTemplate(template, assets) });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes) });
      this.emitFile({ type: 'asset', fileName: LOCALE_PRELOADS_FILE, source: JSON.stringify(messages) });
      for (const file of art) this.emitFile({ type: 'asset', ...file });
    },
  };
}

/**
 * The home's full stylesheet (Beasties left it at the end of the body) until the app has
 * started: every rule the prerendered home uses is inline already, and the rest is for what
 * the app draws next, so on a slow line it no longer takes bandwidth from the app's code
 * before the page works (docs/performance.md, "The first visit"). Without JavaScript the
 * <noscript> copy loads it. The shell keeps it: the app draws a whole page over the shell.
 */
function withStylesAfterStart(html: string): string {
  const link = /<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/.exec(html);
  if (!link) throw new Error('The prerendered home links no stylesheet: update withStylesAfterStart');
  // Not a template: Vite's loader adds a lazy chunk's stylesheet (and waits for it) unless the
  // document links it already, so the held link stays in the page with a type that is not CSS,
  // which no browser fetches (as in pageTemplate).
  const held = link[0].replace('<link ', `<link id="${APP_STYLES_ID}" type="${HELD_STYLES_TYPE}" disabled `);
  return html.replace(link[0], () => `${held}<noscript>${link[0]}</noscript>`);
}

/** The chunks of the app proper (src/web/boot.tsx and what it imports), which the entry loads after the first screen shows. */
function appChunks(chunks: Rollup.OutputChunk[]): Set<string> {
  const boot = chunks.find((c) => c.facadeModuleId?.endsWith('/src/web/boot.tsx'));
  if (!boot) throw new Error('No chunk for src/web/boot.tsx: update appChunks');
  return closure(chunks, [boot.fileName, ...chunks.filter((c) => c.isEntry).map((c) => c.fileName)]);
}

/**
 * Names the app's chunks in the document's inert list (see src/shared/route-preloads.ts), and
 * marks the entry script low priority: the first screen is in the HTML, so its pictures come
 * first and the JavaScript after.
 */
function withAppPreloads(html: string, app: Set<string>): string {
  const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const files = [...app].map((f) => `/${f}`).filter((f) => !named.has(f));
  // Vite names the entry's own imports in the head: they join the list.
  const preloaded = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
  const entryImports = [...html.matchAll(preloaded)].map((m) => m[1]);
  return html
    .replace(preloaded, '')
    .replace('</head>', () => `${APP_CHUNKS_START}${chunkLinks([...entryImports, ...files])}</template></head>`)
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"');
}

/** Each other language's first-screen messages chunk (src/shared/i18n/compiled/<code>.ts), without what the app loads anyway. */
function localePreloads(chunks: Rollup.OutputChunk[], app: Set<string>): LocalePreloads {
  const preloads: LocalePreloads = {};
  for (const { code } of LOCALES.filter((l) => l.code !== SOURCE_LOCALE)) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/shared/i18n/compiled/${code}.ts`));
    if (!chunk) throw new Error(`No chunk for the ${code} first-screen messages: update localePreloads`);
    preloads[code] = [...closure(chunks, [chunk.fileName])].filter((f) => !app.has(f)).map((f) => `/${f}`);
  }
  return preloads;
}

/** The chunks `start` names and every chunk they import, however deep. */
function closure(chunks: Rollup.OutputChunk[], start: string[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const into = new Set<string>();
  const visit = (file: string) => {
    if (into.has(file)) return;
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return into;
}

/**
 * The document the server renders a page into (src/server/http/rendered-pages.ts): the
 * whole stylesheet inline instead of linked, since the page's markup is known only at the
 * request (10.7 KiB gzipped: less than a separate stylesheet plus a critical subset).
 */
function pageTemplate(template: string, assets: Map<string, string>): string {
  const link = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(template);
  const css = link && assets.get(link[1]);
  if (!link || css === undefined) throw new Error('index.html links no stylesheet of the bundle: update pageTemplate');
  // The link is never fetched: it only tells Vite's loader, which adds a lazy chunk's
  // stylesheet unless the page links it already, that this page has it. `disabled` alone is
  // not enough (Chromium 150 fetches a disabled stylesheet); a type that is not CSS is.
  return template
    .replace(link[0], () => `<style>${css}</style><link rel="stylesheet" type="text/x-inlined-above" href="${link[1]}" disabled>`)
    .replace(ROOT, `<div id="root" data-prerendered="page">${PAGE_OUTLET}</div>${PAGE_DATA_OUTLET}`);
}

/**
 * For every page of src/web/app/routes.tsx, the chunks its lazy route loads (see
 * src/shared/route-preloads.ts): round trips saved on a 2G link.
 */
function routePreloads(root: string, chunks: Rollup.OutputChunk[], main: Set<string>): RoutePreload[] {
  const source = readFileSync(resolve(root, 'src/web/app/routes.tsx'), 'utf8');
  const pages = [...source.matchAll(/page\('([^']+)', \(\) => import\('([^']+)'\)\)/g)];
  if (pages.length === 0) throw new Error('No page(...) routes found in src/web/app/routes.tsx: update routePreloads');
  return pages.flatMap(([, path, spec]) => {
    const module = resolve(root, 'src/web/app', spec);
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '') === module);
    if (!chunk) return [];
    return [{ path, files: [...closure(chunks, [chunk.fileName])].filter((f) => !main.has(f)).map((f) => `/${f}`) }];
  });
}
