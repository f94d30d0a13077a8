import { liveQuery } from 'dexie';
import { readSession } from '../../local/session';
import { chosenDataSaver } from '../../local/settings';
import { PAGE_HINT_COOKIES } from '../../shared/page-hints';

const YEAR = 365 * 24 * 3600;

function setHint(name: string, value: string | undefined): void {
  document.cookie = value === undefined ? `${name}=; path=/; max-age=0; samesite=lax` : `${name}=${value}; path=/; max-age=${YEAR}; samesite=lax`;
}

/**
 * Keeps the page hints (src/shared/page-hints.ts) equal to what the phone holds: whether a
 * session is stored, and the Data saver choice. Followed live, so signing in or out, an
 * expired session or a changed switch reach the next page the server renders. Returns the
 * way to stop following (the app never does; a test must, before its document goes away).
 */
export function keepPageHints(): () => void {
  const subscription = liveQuery(async () => ({ signedIn: (await readSession()) !== undefined, dataSaver: await chosenDataSaver() })).subscribe({
    next: ({ signedIn, dataSaver }) => {
      setHint(PAGE_HINT_COOKIES.signedIn, signedIn ? '1' : undefined);
      setHint(PAGE_HINT_COOKIES.dataSaver, dataSaver === undefined ? undefined : dataSaver ? '1' : '0');
    },
  });
  return () => subscription.unsubscribe();
}
