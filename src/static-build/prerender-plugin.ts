import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Beasties from 'beasties';
import { createServer, type Plugin, type Rollup } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../shared/route-preloads';

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
      try {
        const render = (await vite.ssrLoadModule(resolve(root, 'src/static-build/render.tsx'))) as Renderers;
        [home, shell, art] = await Promise.all([render.renderHome(), render.renderShell(), render.heroArt()]);
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
      const template = String(page.source);
      const fill = (html: string, kind: string) => beasties.process(template.replace(ROOT, `<div id="root" data-prerendered="${kind}">${html}</div>`));

      page.source = await fill(home, 'home');
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: await fill(shell, 'shell') });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routePreloads(root, bundle)) });
      for (const file of art) this.emitFile({ type: 'asset', ...file });
    },
  };
}

/**
 * For every page of src/web/app/routes.tsx, the chunks its lazy route loads (see
 * src/shared/route-preloads.ts): round trips saved on a 2G link.
 */
function routePreloads(root: string, bundle: Rollup.OutputBundle): RoutePreload[] {
  const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[], into = new Set<string>()) => {
    for (const file of start) {
      if (into.has(file)) continue;
      into.add(file);
      closure(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const main = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const source = readFileSync(resolve(root, 'src/web/app/routes.tsx'), 'utf8');
  const pages = [...source.matchAll(/page\('([^']+)', \(\) => import\('([^']+)'\)\)/g)];
  if (pages.length === 0) throw new Error('No page(...) routes found in src/web/app/routes.tsx: update routePreloads');
  return pages.flatMap(([, path, spec]) => {
    const module = resolve(root, 'src/web/app', spec);
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '') === module);
    if (!chunk) return [];
    return [{ path, files: [...closure([chunk.fileName])].filter((f) => !main.has(f)).map((f) => `/${f}`) }];
  });
}
