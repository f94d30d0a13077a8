import { liveQuery } from 'dexie';
import { useSyncExternalStore } from 'react';
import { readDataSaver } from '../../local/settings';
import { useInitialData } from '../initial-app/initial-data';

/**
 * The Data saver setting for every picture on screen: one Dexie subscription for the whole
 * app, not one per picture. Undefined until Dexie has answered, so no picture is asked for
 * at a width the user did not want; on a page the server rendered, the setting it rendered
 * for (its page hint) until then, so the pictures in the HTML are the ones kept.
 */
let current: boolean | undefined;
const listeners = new Set<() => void>();
let subscription: { unsubscribe(): void } | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  subscription ??= liveQuery(() => readDataSaver()).subscribe({
    next: (value) => {
      current = value;
      for (const l of listeners) l();
    },
  });
  return () => {
    listeners.delete(listener);
  };
}

export function useDataSaver(): boolean | undefined {
  const hinted = useInitialData()?.dataSaver;
  return useSyncExternalStore(subscribe, () => current ?? hinted, () => hinted);
}
