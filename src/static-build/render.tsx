import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { ChromeLayout, PageLoading, RootLayout } from '../web/app/layouts';
import { routes } from '../web/app/routes';
import { InitialDataProvider, initialDataScript, type InitialData } from '../web/initial-app/initial-data';
import { activate, htmlLang, loadLocale, type ShownLocale } from '../shared/i18n';

export { heroArt } from './hero-art';
export { renderFeatured } from './plain-featured';
export { BACK_MARK, NEXT_MARK, noticeFor, renderNotice } from './plain-notice';

/**
 * Every other page's first paint: the bar and footer around "Loading…", until its route
 * arrives. Without JavaScript nothing arrives: the spinner is hidden (index.html's <noscript>
 * style) and the server fills the outlet with what to do instead (NOTICE_OUTLET).
 */
const shellRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <ChromeLayout />,
        children: [
          {
            path: '*',
            element: (
              <>
                <div className="needs-script"><PageLoading /></div>
                <noscript data-plain="notice" />
              </>
            ),
          },
        ],
      },
    ],
  },
];

async function render(routeTable: RouteObject[], path: string, locale: ShownLocale, initial?: InitialData & { asked?: Set<string>; answerStatus?: (status: number) => void }): Promise<string> {
  await loadLocale(locale);
  const handler = createStaticHandler(routeTable);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Rendering ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline data script (the CSP allows none); the client needs no router data to hydrate.
  const app = <StaticRouterProvider router={router} context={context} hydrate={false} />;
  // Right before the synchronous render: requests in other languages may render in between awaits.
  activate(locale);
  return renderToString(initial ? <InitialDataProvider value={initial}>{app}</InitialDataProvider> : app);
}

/** The home's first screen (hero, search, services) with the shell; no prices, no account. */
export const renderHome = (locale: ShownLocale = 'en') => render(routes, '/', locale);
export const renderShell = (locale: ShownLocale = 'en') => render(shellRoutes, '/any', locale);

/** A document's <html lang> set for a language (the build's template says en-GH). */
export const withHtmlLang = (html: string, locale: ShownLocale) => html.replace(/<html lang="[^"]*"/, `<html lang="${htmlLang(locale)}"`);

/** More reads than any page makes: a page asking for more is a bug, not a reason to hammer the API. */
const MAX_READS = 8;

/**
 * A page with its data, as the phone's first render will draw it: a first pass notes the
 * public reads the page makes, `answer` fetches them, a second pass renders with them and
 * gives the page's status (200, or the 404 of a page naming what does not exist).
 */
export async function renderPage(
  path: string,
  hints: Omit<InitialData, 'answers' | 'catalogueVersion'>,
  answer: (key: string) => Promise<{ json: unknown; catalogueVersion: number } | undefined>,
  locale: ShownLocale = 'en',
): Promise<{ html: string; data: string; answers: Record<string, unknown>; status: number }> {
  const asked = new Set<string>();
  await render(routes, path, locale, { ...hints, answers: {}, catalogueVersion: 0, asked });
  const keys = [...asked].slice(0, MAX_READS);
  const answers = await Promise.all(keys.map(answer));
  const initial: InitialData = { ...hints, answers: {}, catalogueVersion: 0 };
  keys.forEach((key, i) => {
    const found = answers[i];
    if (!found) {
      initial.missing = [...(initial.missing ?? []), key];
      return;
    }
    initial.answers[key] = found.json;
    // The mirror takes over once it is at least as new as every answer.
    initial.catalogueVersion = Math.max(initial.catalogueVersion, found.catalogueVersion);
  });
  // The page sets its status while it renders (useAnswerStatus); it is not part of the data sent.
  let status = 200;
  const html = await render(routes, path, locale, { ...initial, answerStatus: (s) => (status = s) });
  return { html, data: initialDataScript(initial), answers: initial.answers, status };
}
