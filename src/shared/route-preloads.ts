/**
 * The build (src/static-build) writes, for each page route, the JavaScript chunks that page
 * needs; the server names them in the shell it sends for a matching path (modulepreload), so
 * on a first visit they download beside the main chunk instead of after it has run.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  /** The route's path as the router has it, e.g. "/product/:id". */
  path: string;
  /** The page's chunk and the chunks it imports, not already preloaded with the main one. */
  files: string[];
}

/** The files to preload for a request path: the first route whose pattern matches, or none. */
export function preloadsFor(pathname: string, routes: RoutePreload[]): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of routes) {
    const pattern = new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    if (pattern.test(path)) return route.files;
  }
  return [];
}
