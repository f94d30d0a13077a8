import { liveQuery } from 'dexie';
import { useSyncExternalStore } from 'react';
import { readDataSaver } from '../../local/settings';

/**
 * The Data saver setting for every picture on screen: one Dexie subscription for the whole
 * app, not one per picture. Undefined until Dexie has answered, so no picture is asked for
 * at a width the user did not want.
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
  return useSyncExternalStore(subscribe, () => current, () => undefined);
}
