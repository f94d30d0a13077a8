import './styles.css';

/**
 * The entry: everything else waits until the first screen is on show. The page's HTML is
 * that screen (the prerendered home, a page the server rendered, or the shell), so a cheap
 * phone's CPU first draws it and its pictures, and only then runs the app (src/web/boot.tsx),
 * whose files have been downloading meanwhile (modulepreload).
 */
function whenShown(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => setTimeout(resolve, 0);
    if (document.readyState === 'complete') return go();
    addEventListener('load', go, { once: true });
    // A picture that is slow to come must not keep the page from working.
    setTimeout(resolve, BOOT_AT_LATEST_MS);
  });
}
const BOOT_AT_LATEST_MS = 3000;

void whenShown().then(() => import('./boot'));
