import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono } from 'hono';
import { preloadsFor, ROUTE_PRELOADS_FILE, type RoutePreload } from '../../shared/route-preloads';
import type { AppEnv } from './context';

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
 * (including 404).
 */
export function staticRoutes(root: string) {
  const app = new Hono<AppEnv>();
  const base = normalize(root);
  const indexFile = join(base, 'index.html');
  const shellFile = join(base, 'shell.html');
  const preloadsFile = join(base, ROUTE_PRELOADS_FILE);
  // The shell as sent for each route (with its page's chunks named), made once per route.
  const shells = new Map<string, Promise<Buffer>>();
  let routes: Promise<RoutePreload[]> | undefined;

  async function shellFor(path: string): Promise<Buffer> {
    routes ??= readFile(preloadsFile, 'utf8').then((text) => JSON.parse(text) as RoutePreload[], () => []);
    const files = preloadsFor(path, await routes);
    const key = files.join(',');
    let shell = shells.get(key);
    if (!shell) {
      shell = readFile(shellFile).then((html) => {
        if (!files.length) return html;
        const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
        return Buffer.from(html.toString('utf8').replace('</head>', `${links}</head>`));
      });
      shells.set(key, shell);
    }
    return shell;
  }

  app.get('*', async (c, next) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    if (path.startsWith('/api/') || path.startsWith('/media/')) return next();
    const file = normalize(join(base, path));
    const inside = file === base || file.startsWith(base + sep);
    const page = path !== '/' && existsSync(shellFile) ? shellFile : indexFile;
    const target = inside && (await isFile(file)) ? file : extname(path) ? undefined : page;
    if (!target || !existsSync(target)) return next();
    const body = target === shellFile ? await shellFor(path) : await readFile(target);
    const immutable = target.includes(`${sep}assets${sep}`);
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  });
  return app;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
