/**
 * The build (src/static-build) writes, for each page route, the JavaScript chunks that page
 * needs; the server names them in the page it sends for a matching path, beside the app's own,
 * so on a first visit they download together instead of one after another.
 *
 * The names sit in an inert template (APP_CHUNKS_ID): src/web/main.tsx puts them in the
 * document once the first screen has painted. Until then the page's HTML and pictures have a
 * slow link to themselves: JavaScript fetched beside them made the first screen later.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * For each language but the source one, the chunk of its first screen's messages (and what that
 * imports). The app waits for it before it starts, so a page in Twi names it beside the app's
 * chunks: fetched together, not one round trip after them (docs/performance.md, "The first visit").
 * The build names it in index.ak.html and shell.ak.html; the server in the pages it renders.
 */
export const LOCALE_PRELOADS_FILE = 'locale-preloads.json';
export type LocalePreloads = Record<string, string[]>;

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

/** The inert list of the app's chunks in every page's head, filled by the build and the server. */
export const APP_CHUNKS_ID = 'app-chunks';
export const APP_CHUNKS_START = `<template id="${APP_CHUNKS_ID}">`;

/**
 * The home's full stylesheet, linked with a type that is not CSS (so never fetched) until the
 * app has started: the first screen's rules are inline, so on a slow line its 12 KiB no longer
 * delay the app's code. A <noscript> copy styles the page without JavaScript.
 * src/web/initial-app/app-styles.ts links it.
 */
export const APP_STYLES_ID = 'app-styles';
export const HELD_STYLES_TYPE = 'text/x-linked-once-started';

/** The list's entries: one modulepreload link per chunk, behind the first screen's pictures. */
export function chunkLinks(files: string[]): string {
  return files.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}">`).join('');
}

/** The page with a route's chunks added to its list (the build does it for the home, the server for the rest). */
export function withRouteChunks(html: string, files: string[]): string {
  return html.replace(APP_CHUNKS_START, (start) => start + chunkLinks(files));
}
