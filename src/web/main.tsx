import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { startOutboxReplayer } from '../local/replayer';
import { startCatalogueSync } from '../local/sync';
import { api } from './app/api';
import { routes } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import './styles.css';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

startCatalogueSync(api);
startOutboxReplayer(api);
registerServiceWorker();
