import type { ApiClient } from './api';
import { pullCatalogue, rememberPulledCatalogue, type PullResult } from './catalogue';
import { localDb, type AkuafoDb } from './db';

export const CATALOGUE_PULL_INTERVAL_MS = 5 * 60_000;

/** The message a page sends the service worker to pull the catalogue (sw/sw.ts answers on its port). */
export const PULL_CATALOGUE_MESSAGE = 'PULL_CATALOGUE';
export type PullReply = { result: PullResult } | { error: string };

/** How long a page waits for a service worker to start, or to answer, before pulling itself. */
const WORKER_WAIT_MS = 30_000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);

async function askWorker(worker: ServiceWorker, waitMs: number): Promise<PullResult | undefined> {
  const channel = new MessageChannel();
  const reply = new Promise<PullReply>((resolve) => (channel.port1.onmessage = ({ data }) => resolve(data as PullReply)));
  worker.postMessage({ type: PULL_CATALOGUE_MESSAGE }, [channel.port2]);
  const answer = await within(reply, waitMs);
  channel.port1.close();
  if (answer && 'error' in answer) throw new Error(answer.error);
  return answer?.result;
}

/**
 * Pulls the catalogue in the service worker, which holds the data layer already: reading a
 * page of products, indexing it for search and writing it to IndexedDB is a long task on a
 * cheap phone's main thread, and there it never holds up a tap. Pages see the new rows at
 * once (Dexie tells every tab and worker of a write). On a first visit the pull waits for
 * the worker to start, as going offline does. With no worker, or one that does not answer
 * (an older version still in charge), the page pulls itself.
 */
export function createCataloguePuller(
  api: ApiClient,
  { db = localDb, workers = globalThis.navigator?.serviceWorker, waitMs = WORKER_WAIT_MS }: { db?: AkuafoDb; workers?: Pick<ServiceWorkerContainer, 'ready'>; waitMs?: number } = {},
): () => Promise<PullResult> {
  const here = () => pullCatalogue(api, db);
  return async () => {
    const registration = workers && (await within(workers.ready, waitMs));
    const result = registration?.active ? await askWorker(registration.active, waitMs) : undefined;
    if (!result) return here();
    // The worker has no localStorage: the hint that a pull has happened is kept here.
    rememberPulledCatalogue();
    return result;
  };
}

/**
 * Keeps the mirror fresh: pulls on start, when the network returns, when the tab becomes
 * visible again, and every 5 minutes while online. Failures are quiet: the mirror still works.
 */
export function startCatalogueSync(pull: () => Promise<unknown>): () => void {
  let running: Promise<unknown> | undefined;
  const pullOnce = () => {
    if (running || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    running = pull()
      .catch((error) => console.warn('Catalogue pull failed; using the local copy.', error))
      .finally(() => (running = undefined));
  };
  const onVisible = () => document.visibilityState === 'visible' && pullOnce();
  pullOnce();
  window.addEventListener('online', pullOnce);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(pullOnce, CATALOGUE_PULL_INTERVAL_MS);
  return () => {
    window.removeEventListener('online', pullOnce);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
  };
}
