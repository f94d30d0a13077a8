import './styles.css';
import { holdEarlyPresses } from './initial-app/early-presses';

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

/** Lets the browser in (a paint, a tap) between two pieces of start-up work. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The app's code runs in a few pieces, each its own task, rather than in one: React, then
 * the router, then the app. On a cheap phone one piece is a short pause, all at once a
 * long freeze of a page that looks ready.
 */
async function start() {
  await import('react-dom/client');
  await nextTask();
  await import('./app/router');
  await nextTask();
  await import('./boot');
}

holdEarlyPresses();
void whenShown().then(start);
