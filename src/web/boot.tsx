// The app itself, started by src/web/main.tsx (startApp) once the first screen is on show.
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from './app/router';
import { keyThisEntry } from './app/history-entry';
import { routes } from './app/routes';
import { afterFirstPaint } from './initial-app/deferred';
import { releaseEarlyPresses } from './initial-app/early-presses';
import { linkAppStyles } from './initial-app/app-styles';
import { InitialDataProvider, readInitialData } from './initial-app/initial-data';
import { htmlLang } from '../shared/i18n';
import { deviceLocale, showLocale } from './i18n/language';

/**
 * Its effect runs once React has committed the first render: the page is the app's now. The
 * mark is for measuring (npm run bench): how long a phone waits for its presses to work.
 */
function Started() {
  useEffect(() => {
    performance.mark('app-started');
    releaseEarlyPresses();
    linkAppStyles();
  }, []);
  return null;
}

/**
 * Starts the app on the page: the router first, then React adopts (or replaces) what is on
 * screen. Called by src/web/main.tsx a task after this module ran, so a cheap phone's CPU
 * never does both in one long task.
 */
export function startApp(): void {
  keyThisEntry();
  // The language the page's HTML came in (the build and the server write it into <html lang>).
  const pageLang = document.documentElement.lang;
  const locale = deviceLocale();
  // A language whose messages could not be fetched (a lost chunk on 2G) still lets the app start:
  // it shows English, the fallback in the first screen's code, rather than the page never working.
  const language = showLocale(locale, true).catch((error: unknown) => console.warn('The language could not be loaded; showing English.', error));
  const router = createBrowserRouter(routes);
  const container = document.getElementById('root')!;
  // A page the server rendered with its data brings that data along: the first render uses it.
  const initialData = container.dataset.prerendered === 'page' ? readInitialData() : undefined;
  const app = (
    <StrictMode>
      <InitialDataProvider value={initialData}>
        <RouterProvider router={router} />
        <Started />
      </InitialDataProvider>
    </StrictMode>
  );

  // The route's lazy chunk comes first: rendering before it would show the loading fallback
  // over the prerendered page.
  const initialized = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => state.initialized && (stop(), resolve()));
  }).then(() => language);
  // HTML in another language than the reader's (an old copy, or a choice made since) is drawn over, not adopted.
  const sameLanguage = pageLang === htmlLang(locale);
  // index.html holds the prerendered home, and the server renders some pages with their data:
  // hydrate those. Any other page got the shell (or nothing): render over it.
  // In a transition, React renders in slices and lets the browser in between (no long task on
  // a slow phone's CPU); the prerendered page or the shell stays on screen meanwhile.
  void initialized.then(() =>
    startTransition(() => {
      if (sameLanguage && ((container.dataset.prerendered === 'home' && window.location.pathname === '/') || initialData)) hydrateRoot(container, app);
      else createRoot(container).render(app);
    }),
  );

  void afterFirstPaint()
    .then(() => import('./app/after-first-paint'))
    .then(({ startBackgroundWork }) => startBackgroundWork());
}
