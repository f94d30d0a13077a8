import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { afterFirstPaint } from './initial-app/deferred';
import './styles.css';

const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// The route's lazy chunk comes first: rendering before it would show the loading fallback
// over the prerendered page.
const initialized = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => state.initialized && (stop(), resolve()));
});
// index.html holds the prerendered home: hydrate it. Any other page got the shell (or
// nothing): render over it.
// In a transition, React renders in slices and lets the browser in between (no long task on
// a slow phone's CPU); the prerendered page or the shell stays on screen meanwhile.
void initialized.then(() =>
  startTransition(() => {
    if (container.dataset.prerendered === 'home' && window.location.pathname === '/') hydrateRoot(container, app);
    else createRoot(container).render(app);
  }),
);

void afterFirstPaint()
  .then(() => import('./app/after-first-paint'))
  .then(({ startBackgroundWork }) => startBackgroundWork());
