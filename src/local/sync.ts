import type { ApiClient } from './api';
import { pullCatalogue } from './catalogue';
import { localDb, type AkuafoDb } from './db';
import { onBackOnline } from './network';

export const CATALOGUE_PULL_INTERVAL_MS = 5 * 60_000;

/**
 * Keeps the mirror fresh: pulls on start, when the network returns (the browser's 'online', or
 * the server answering again: src/local/network.ts), when the tab becomes
 * visible again, and every 5 minutes while online. Failures are quiet: the mirror still works.
 */
export function startCatalogueSync(api: ApiClient, db: AkuafoDb = localDb): () => void {
  // A pull asked for while one runs joins it (pullCatalogue), so the triggers need no guard.
  const pull = () => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    pullCatalogue(api, db).catch((error) => console.warn('Catalogue pull failed; using the local copy.', error));
  };
  const onVisible = () => document.visibilityState === 'visible' && pull();
  pull();
  window.addEventListener('online', pull);
  const stopFollowing = onBackOnline(pull);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(pull, CATALOGUE_PULL_INTERVAL_MS);
  return () => {
    window.removeEventListener('online', pull);
    stopFollowing();
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
  };
}
