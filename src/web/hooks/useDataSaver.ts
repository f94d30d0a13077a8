import { liveQuery } from 'dexie';
import { startTransition, useEffect, useState } from 'react';
import { readDataSaver } from '../../local/settings';
import { useInitialData } from '../initial-app/initial-data';

/**
 * The Data saver setting for every picture on screen: one Dexie subscription for the whole
 * app, not one per picture. Undefined until Dexie has answered, so no picture is asked for
 * at a width the user did not want; on a page the server rendered, the setting it rendered
 * for (its page hint) until then, so the pictures in the HTML are the ones kept.
 */
let current: boolean | undefined;
const listeners = new Set<(value: boolean) => void>();
let subscription: { unsubscribe(): void } | undefined;

/**
 * Asks Dexie as soon as this module loads, so the answer is usually in before the first
 * card is drawn. A change reaches the pictures in a transition: a screenful of cards is
 * redrawn in slices, not in one synchronous pass (which useSyncExternalStore would force,
 * redoing a half-drawn screen of cards from the start when the answer lands meanwhile).
 */
function watchDataSaver(): void {
  subscription ??= liveQuery(() => readDataSaver()).subscribe({
    next: (value) => {
      current = value;
      startTransition(() => {
        for (const listener of listeners) listener(value);
      });
    },
  });
}
if (typeof indexedDB !== 'undefined') watchDataSaver();

export function useDataSaver(): boolean | undefined {
  const hinted = useInitialData()?.dataSaver;
  // A page the server rendered is adopted as it was drawn (its hint); Dexie's answer follows.
  const [value, setValue] = useState(() => hinted ?? current);
  useEffect(() => {
    watchDataSaver();
    listeners.add(setValue);
    // Answered between this component's first render and now, or differs from the hint.
    if (current !== undefined && current !== value) startTransition(() => setValue(current));
    return () => {
      listeners.delete(setValue);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once; later answers come through the listener
  }, []);
  return value ?? hinted;
}
