import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from '../../local/network';

/**
 * Whether the app can reach its server: the browser's word, and what the last request did
 * (src/local/network.ts). A phone with signal but no data shows as offline.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
