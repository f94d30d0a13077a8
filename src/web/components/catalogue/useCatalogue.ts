import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { catalogueMaybePulled, pullCatalogue } from '../../../local/catalogue';
import { getMeta } from '../../../local/db';
import { api } from '../../app/api';

export interface CatalogueResult<T> {
  data: T | undefined;
  /** A newer answer is on its way (the last one stays on screen meanwhile). */
  loading: boolean;
  error: string | undefined;
  retry(): void;
}

/** Whether the phone holds a copy of the catalogue (at least one pull has landed). */
export function useMirrorReady(): boolean | undefined {
  return useLiveQuery(async () => (await getMeta<number>('catalogue.cursor')) !== undefined, []);
}

/**
 * Catalogue data for a screen: from the Dexie mirror once it exists (the same answer
 * online and offline, updated live as background pulls land), from the server only on
 * the very first visit while the mirror is still empty.
 */
export function useCatalogue<T>(local: () => Promise<T>, remote: () => Promise<T>, deps: unknown[]): CatalogueResult<T> {
  const ready = useMirrorReady();
  const localData = useLiveQuery(() => (ready ? local() : undefined), [ready, ...deps]);
  const [remoteData, setRemoteData] = useState<T>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  // A browser that never pulled the catalogue asks the server at once, while IndexedDB is
  // still opening: on a first visit that is a whole step off the way to the first products.
  const [firstVisit] = useState(() => !catalogueMaybePulled());
  const askServer = ready === false || (ready === undefined && firstVisit);

  useEffect(() => {
    if (!askServer) return;
    let live = true;
    setError(undefined);
    setRemoteData(undefined);
    remote().then(
      (data) => live && setRemoteData(data),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
    // Keyed by the query (deps), not by the callbacks, which are new on every render.
  }, [askServer, attempt, ...deps]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    void pullCatalogue(api).catch(() => undefined);
  }, []);

  const current = ready ? localData : remoteData;
  // Keep the last answer on screen while the next one is computed (no flashing spinner per keystroke).
  const last = useRef<T>(undefined);
  if (current !== undefined) last.current = current;
  return {
    data: current ?? last.current,
    loading: current === undefined && !(ready === false && error),
    error: ready ? undefined : error,
    retry,
  };
}
