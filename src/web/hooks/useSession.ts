import { useLiveQuery } from 'dexie-react-hooks';
import { readSession, type Session } from '../../local/session';

/** The signed-in session from IndexedDB; `loading` until the first read finishes. */
export function useSession(): { session: Session | undefined; loading: boolean } {
  const result = useLiveQuery(async () => ({ session: await readSession() }), []);
  return { session: result?.session, loading: result === undefined };
}
