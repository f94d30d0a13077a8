import { useEffect, useState } from 'react';
import { ApiError } from '../../local/api';
import type { KeptList } from '../../local/paged';
import { useRemote, type Remote } from './useRemote';

type Read<T> = { value: KeptList<T>; fetchedAt: string; fromCache: boolean };

export interface PagedRemote<T> extends Remote<Read<T>> {
  /** Another page waits on the server (the kept copy's nextCursor). */
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "Load more" failed: 'offline' (no network; what is shown stays) or 'error'. */
  moreFailed?: 'offline' | 'error';
  loadMore: () => void;
}

/**
 * A keyset-paged list on a screen (src/local/paged.ts): `first` reads the first page (offline:
 * every page the phone kept), `more` appends the next page to the kept copy. A new first read
 * (the inputs changed, an outbox entry was sent) starts again from the first page.
 */
export function usePagedRemote<T>(first: () => Promise<Read<T>>, more: () => Promise<Read<T> | undefined>, deps: unknown[]): PagedRemote<T> {
  const remote = useRemote(async () => {
    const read = await first();
    return { value: read, fromCache: read.fromCache };
  }, deps);
  const [extended, setExtended] = useState<{ base: Read<T>; read: Read<T> }>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState<'offline' | 'error'>();
  useEffect(() => setMoreFailed(undefined), [remote.data]);
  // Pages added on top of this first read only: a newer first read drops them.
  const data = extended && extended.base === remote.data ? extended.read : remote.data;
  const loadMore = () => {
    const base = remote.data;
    if (!base || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(undefined);
    more().then(
      (read) => {
        if (read) setExtended({ base, read });
        setLoadingMore(false);
      },
      (error: unknown) => {
        setMoreFailed(error instanceof ApiError && error.isNetwork ? 'offline' : 'error');
        setLoadingMore(false);
      },
    );
  };
  return { ...remote, data, hasMore: Boolean(data?.value.nextCursor), loadingMore, moreFailed, loadMore };
}
