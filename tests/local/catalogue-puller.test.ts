import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { catalogueMaybePulled, pullCatalogue } from '../../src/local/catalogue';
import { AkuafoDb } from '../../src/local/db';
import { createCataloguePuller, PULL_CATALOGUE_MESSAGE, type PullReply } from '../../src/local/sync';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
const client = () => createApiClient({ origin: 'http://test.local', fetch: server.fetch });
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A service worker as the page sees one: it answers a pull request on the port it was given, as sw/sw.ts does. */
function workerThatPulls(db: AkuafoDb, seen: unknown[]) {
  const active = {
    postMessage(message: { type: string }, [port]: MessagePort[]) {
      seen.push(message);
      if (message.type !== PULL_CATALOGUE_MESSAGE) return;
      void pullCatalogue(client(), db).then((result) => port.postMessage({ result } satisfies PullReply));
    },
  } as unknown as ServiceWorker;
  return { ready: Promise.resolve({ active } as ServiceWorkerRegistration) };
}

describe('the catalogue puller', () => {
  it('has the service worker pull, and notes on the page that a pull has happened', async () => {
    const db = new AkuafoDb(`puller-${Math.random()}`);
    const seen: unknown[] = [];
    const storage = new Map<string, string>();
    globalThis.localStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) } as Storage;
    try {
      // The page's own client would fail: only the worker may do the pull.
      const pageApi = createApiClient({ origin: 'http://test.local', fetch: () => Promise.reject(new Error('the page pulled')) });
      const pull = createCataloguePuller(pageApi, { db, workers: workerThatPulls(db, seen) });
      const result = await pull();
      expect(seen).toEqual([{ type: PULL_CATALOGUE_MESSAGE }]);
      expect(result.changed).toBeGreaterThan(0);
      expect(await db.products.count()).toBe(result.changed);
      expect(catalogueMaybePulled()).toBe(true);
    } finally {
      delete (globalThis as { localStorage?: Storage }).localStorage;
    }
  });

  it('pulls on the page when there is no service worker, or when it does not answer', async () => {
    for (const workers of [undefined, { ready: Promise.resolve({ active: { postMessage: () => undefined } } as unknown as ServiceWorkerRegistration) }, { ready: new Promise<never>(() => undefined) }]) {
      const db = new AkuafoDb(`puller-${Math.random()}`);
      const result = await createCataloguePuller(client(), { db, workers, waitMs: 200 })();
      expect(result.changed).toBeGreaterThan(0);
      expect(await db.products.count()).toBe(result.changed);
    }
  });

  it('reports the worker\'s failure rather than pulling twice', async () => {
    const db = new AkuafoDb(`puller-${Math.random()}`);
    const active = { postMessage: (_m: unknown, [port]: MessagePort[]) => port.postMessage({ error: 'Network down' } satisfies PullReply) } as unknown as ServiceWorker;
    const pull = createCataloguePuller(client(), { db, workers: { ready: Promise.resolve({ active } as ServiceWorkerRegistration) } });
    await expect(pull()).rejects.toThrow('Network down');
    expect(await db.products.count()).toBe(0);
  });
});
