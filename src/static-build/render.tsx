import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { ChromeLayout, PageLoading, RootLayout } from '../web/app/layouts';
import { routes } from '../web/app/routes';

export { heroArt } from './hero-art';

/** Every other page's first paint: the bar and footer around "Loading…", until its route arrives. */
const shellRoutes: RouteObject[] = [
  { element: <RootLayout />, children: [{ element: <ChromeLayout />, children: [{ path: '*', element: <PageLoading /> }] }] },
];

async function render(routeTable: RouteObject[], path: string): Promise<string> {
  const handler = createStaticHandler(routeTable);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline data script (the CSP allows none); the client needs no data to hydrate.
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The home's first screen (hero, search, services) with the shell; no prices, no account. */
export const renderHome = () => render(routes, '/');
export const renderShell = () => render(shellRoutes, '/any');
