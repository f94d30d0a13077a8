import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { searchParamsOf } from '../../../local/api';
import { catalogueMaybePulled, pullCatalogue, SCOPED_KEY } from '../../../local/catalogue';
import { getMeta } from '../../../local/db';
import type { ApiRouteKey, ApiRoutes } from '../../../shared/api';
import { requestFor, type InputArgs } from '../../../shared/api/path';
import type { AnswerOf, ClientInput } from '../../../shared/api/route';
import { api } from '../../lib/api';
import { useLiveQueryInTransition } from '../../hooks/useLiveQueryInTransition';
import { useOnline } from '../../hooks/useOnline';
import { readKey, useInitialAnswer, useInitialData } from '../../initial-app/initial-data';

export interface CatalogueResult<T> {
  data: T | undefined;
  /** A newer answer is on its way (the last one stays on screen meanwhile). */
  loading: boolean;
  error: string | undefined;
  retry(): void;
}

/** A public catalogue read of the API: what a screen shows until the phone's mirror has it. */
export interface CatalogueRead<T> {
  /**
   * Its path and query (readKey): the key of its answer among a server-rendered first page's
   * data, which the server read at that very path (src/server/http/rendered-pages.ts).
   */
  key: string;
  /** Asks the server, through the typed client. */
  fetch(): Promise<T>;
  /** What the screen shows of the answer, from the server-rendered one. */
  pick(answer: unknown): T;
}

type ReadKey = Extract<ApiRouteKey, `GET ${string}`>;

/**
 * A read of a declared GET route, for useCatalogue: `catalogueRead('GET /categories', {}, (answer) => answer.data)`.
 * A renamed path or query field fails typecheck, and the first page's key is the request's own.
 */
export function catalogueRead<K extends ReadKey, T = AnswerOf<ApiRoutes[K]>>(
  route: K,
  input: ClientInput<ApiRoutes[K]>,
  pick: (answer: AnswerOf<ApiRoutes[K]>) => T = (answer) => answer as T,
): CatalogueRead<T> {
  const args = [input] as unknown as InputArgs<K>;
  const { path } = requestFor(route, ...args);
  const query = (input as { query?: Record<string, unknown> }).query;
  return {
    key: readKey(path, query && searchParamsOf(query)),
    fetch: async () => pick(await api.call(route, ...args)),
    pick: (answer) => pick(answer as AnswerOf<ApiRoutes[K]>),
  };
}

/**
 * The mirror's cursor (the catalogue version it has pulled up to): null while there is no
 * mirror, undefined until IndexedDB has answered.
 */
export function useMirrorCursor(): number | null | undefined {
  return useLiveQueryInTransition(async () => (await getMeta<number>('catalogue.cursor')) ?? null, []);
}

/**
 * Catalogue data for a screen, from the best source at hand:
 * - a page the server rendered: the answers it was rendered from, until the mirror has
 *   caught up with them (so hydration matches the HTML and no older price replaces a newer);
 * - the Dexie mirror once it exists: the same answer online and offline, updated live as
 *   background pulls land;
 * - the server, on the very first visit, while the mirror is still empty.
 */
export function useCatalogue<T>(local: () => Promise<T>, remote: CatalogueRead<T> | undefined, deps: unknown[], options: { wholeCatalogue?: boolean } = {}): CatalogueResult<T> {
  const cursor = useMirrorCursor();
  const ready = cursor === undefined ? undefined : cursor !== null;
  // A read over the whole catalogue (a list, a search) asks the server too when online and
  // the mirror holds only its owner's part of Ghana; the mirror's answer shows meanwhile.
  const partial = useMirrorIsPartial();
  const online = useOnline();
  const initial = useInitialData();
  const key = remote?.key;
  const answer = useInitialAnswer(key);
  const caughtUp = ready && (!initial || cursor! >= initial.catalogueVersion);
  const fromServer = answer !== undefined && !caughtUp;
  const localData = useLiveQueryInTransition(() => (ready && !fromServer ? local() : undefined), [ready, fromServer, ...deps]);
  // Kept with the query it answers, so a new query never shows the last one's answer.
  const [remoteAnswer, setRemoteData] = useState<{ key: string; data: T }>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  // A browser that never pulled the catalogue asks the server at once, while IndexedDB is
  // still opening: on a first visit that is a whole step off the way to the first products.
  const [firstVisit] = useState(() => !catalogueMaybePulled());
  const serverToo = options.wholeCatalogue === true && ready === true && partial && online && !fromServer;
  const askServer = !fromServer && remote !== undefined && (ready === false || (ready === undefined && firstVisit) || serverToo);
  const queryKey = JSON.stringify(deps);

  useEffect(() => {
    if (!askServer || !remote) return;
    let live = true;
    setError(undefined);
    setRemoteData(undefined);
    remote.fetch().then(
      // In a transition: a screenful of cards is drawn in slices, never as one long freeze.
      (data) => live && startTransition(() => setRemoteData({ key: queryKey, data })),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the query (deps), not by the read, which is a new object on every render
  }, [askServer, attempt, ...deps]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    void pullCatalogue(api).catch(() => undefined);
  }, []);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the read (remote) is a new object on every render; the answer it picks from is the key
  const rendered = useMemo(() => (fromServer && remote ? remote.pick(answer) : undefined), [fromServer, answer]);
  const remoteData = remoteAnswer?.key === queryKey ? remoteAnswer.data : undefined;
  const current = useSame(fromServer ? rendered : ready ? ((serverToo ? remoteData : undefined) ?? localData) : remoteData);
  // Keep the last answer on screen while the next one is computed (no flashing spinner per keystroke).
  const last = useRef<T>(undefined);
  if (current !== undefined) last.current = current;
  return {
    data: current ?? last.current,
    loading: current === undefined && !(ready === false && error),
    error: ready || fromServer ? undefined : error,
    retry,
  };
}

/** Whether the mirror holds only a part of the catalogue (its owner's scope: src/local/mirror-scope.ts). */
export function useMirrorIsPartial(): boolean {
  return useLiveQueryInTransition(async () => (await getMeta<boolean>(SCOPED_KEY)) === true, []) ?? false;
}

/**
 * What a screen shows, kept as the very same object while it says the same: when the mirror
 * takes over from the server's answer, or a background pull changes nothing on this page,
 * React then redraws no card (a cheap phone's main thread is spared a long task).
 */
function useSame<T>(value: T): T {
  const kept = useRef<{ value: T; signature: string }>(undefined);
  if (value === undefined || kept.current?.value === value) return value;
  const signature = signatureOf(value);
  if (kept.current?.signature !== signature) kept.current = { value, signature };
  return kept.current.value;
}

/** A product stands for its id and version (a change of anything shown takes a new version); the rest as JSON. */
const signatureOf = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && 'id' in v && 'version' in v ? `${String(v.id)}@${String(v.version)}` : v));
