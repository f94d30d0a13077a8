import { useCallback, useEffect, useState } from 'react';

export interface Remote<T> {
  data?: T;
  loading: boolean;
  error?: unknown;
  /** The figures are the last copy kept on the phone (no network). */
  fromCache: boolean;
  reload: () => void;
}

/** Loads something when the inputs change; a newer load wins over an older one still running. */
export function useRemote<T>(load: () => Promise<{ value: T; fromCache?: boolean }>, deps: unknown[]): Remote<T> {
  const [state, setState] = useState<{ data?: T; loading: boolean; error?: unknown; fromCache: boolean }>({ loading: true, fromCache: false });
  const [tick, setTick] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the caller names the load's inputs, as with useEffect: the load itself is new each render
  const run = useCallback(load, deps);
  useEffect(() => {
    // Cleared when the inputs change (a newer load wins) or the screen goes: a late answer is dropped, never set on a screen that left.
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    run().then(
      (r) => live && setState({ data: r.value, loading: false, fromCache: Boolean(r.fromCache) }),
      (error) => live && setState((s) => ({ ...s, loading: false, error })),
    );
    return () => {
      live = false;
    };
  }, [run, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}
