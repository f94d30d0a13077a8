import { OUTBOX_EVENT } from '../../local/outbox';
import { keepOpenedPage } from '../../local/page-cache';
import { OUTBOX_SYNC_TAG } from '../../local/replayer';
import { SESSION_EXPIRED_EVENT, UPDATE_READY_EVENT } from '../lib/events';

export { UPDATE_READY_EVENT };

/**
 * Registers sw/sw.ts after the page has loaded (so it never competes with the first paint).
 * A new version waits until the user accepts it: UpdatePrompt listens for the event.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = async () => {
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
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', register, { once: true });
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
