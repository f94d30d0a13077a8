import { liveQuery } from 'dexie';
import { startTransition, useEffect, useState } from 'react';

/**
 * Dexie's live query, as dexie-react-hooks' useLiveQuery (undefined until the first answer,
 * then the latest answer, the last one kept while new deps are being asked), but each answer
 * is drawn in a transition. An answer set outside one is an urgent update, which React draws
 * in one synchronous pass: on a cheap phone, a screenful of cards redrawn when the catalogue
 * mirror lands was a long task. In a transition it is drawn in slices between other work.
 */
export function useLiveQueryInTransition<T>(querier: () => Promise<T> | T, deps: unknown[]): T | undefined {
  const [answer, setAnswer] = useState<{ value: T } | { error: unknown }>();
  useEffect(() => {
    const subscription = liveQuery(querier).subscribe({
      next: (value) => startTransition(() => setAnswer({ value })),
      error: (error: unknown) => startTransition(() => setAnswer({ error })),
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again whenever the caller's deps change, like useLiveQuery (the querier is new each render)
  }, deps);
  if (answer && 'error' in answer) throw answer.error;
  return answer?.value;
}
