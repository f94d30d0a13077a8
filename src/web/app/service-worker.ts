import { OUTBOX_EVENT } from '../../local/outbox';
import { keepOpenedPage } from '../../local/page-cache';
import { OUTBOX_SYNC_TAG } from '../../local/replayer';
import { SESSION_EXPIRED_EVENT, UPDATE_READY_EVENT } from '../lib/events';
import { isFastLine, readWholeApp, setWholeApp } from '../../local/app-files';
import { readDataSaver } from '../../local/settings';
import { askWorker, saveWholeApp } from '../lib/app-files';

export { UPDATE_READY_EVENT };

/** What the worker fetches on install (src/local/app-files.ts): never the whole app unasked on a slow line or with Data saver. */
async function decideWholeApp(): Promise<void> {
  if ((await readWholeApp()) === 'asked') return;
  const line = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  const whole = installed() ? 'asked' : isFastLine(line) && !(await readDataSaver()) ? 'fast' : 'no';
  await setWholeApp(whole);
}

/** The app's files this page loaded before the worker was there: the browser has them already. */
function loadedAppFiles(): string[] {
  const here = window.location.origin;
  return performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.startsWith(`${here}/assets/`));
}

const installed = () => window.matchMedia?.('(display-mode: standalone)').matches === true;

/**
 * Registers sw/sw.ts once the page is idle (so it never competes with the first paint, nor
 * with the page's own downloads on a slow line). A new version waits until the user accepts
 * it: UpdatePrompt listens for the event.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = async () => {
    await decideWholeApp().catch(() => undefined);
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => {
      const accept = () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      };
      window.dispatchEvent(new CustomEvent(UPDATE_READY_EVENT, { detail: accept }));
    });
    await wb.register();
    await navigator.serviceWorker.ready;
    await keepOpenedPage(window.location, caches).catch(() => undefined);
    await askWorker({ type: 'KEEP_FILES', urls: loadedAppFiles() }).catch(() => undefined);
    // An installed app, or a person who asked once, keeps the whole app, also after an update
    // installed while it was on a slow line (the worker saves what is missing).
    if ((await readWholeApp().catch(() => undefined)) === 'asked') void saveWholeApp().catch(() => undefined);
    window.addEventListener('appinstalled', () => void saveWholeApp().catch(() => undefined), { once: true });
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void register(), { timeout: 5000 });
    else setTimeout(() => void register(), 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  // Ask for a Background Sync whenever something is queued, so it is sent even if the app closes.
  window.addEventListener(OUTBOX_EVENT, async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  });
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.type === 'SESSION_EXPIRED') {
      window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: event.data.message }));
    }
  });
}
