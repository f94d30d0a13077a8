export const UPDATE_READY_EVENT = 'akuafo:update-ready';

/**
 * Registers sw/sw.ts after the page has loaded (so it never competes with the first paint).
 * A new version waits until the user accepts it: UpdatePrompt listens for the event.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', async () => {
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
  });
}
