import './styles.css';
import { nextTask } from '../shared/next-task';
import { APP_CHUNKS_ID } from '../shared/route-preloads';
import { holdEarlyPresses } from './initial-app/early-presses';
import { holdInstallPrompt } from './initial-app/install-prompt';

/**
 * The entry: everything else waits until the first screen is on show. The page's HTML is
 * that screen (the prerendered home, a page the server rendered, or the shell), so a cheap
 * phone first fetches and draws it, then fetches the app (src/web/boot.tsx) behind its
 * pictures, and runs it once they are in.
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

/** Resolves once the page has painted its first content, or has loaded if that comes first. */
function whenPainted(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') return resolve();
    addEventListener('load', () => resolve(), { once: true });
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing in this browser: the load event starts the downloads.
    }
  });
}

/**
 * Starts every chunk the app and this page need downloading (the page names them in an inert
 * list: src/shared/route-preloads.ts), rather than each import finding the next. A few per
 * task: each link costs the main thread a moment, all at once a freeze a cheap phone feels.
 */
function fetchAppChunks(): Promise<void> {
  fetching ??= (async () => {
    const list = document.getElementById(APP_CHUNKS_ID);
    if (!(list instanceof HTMLTemplateElement)) return;
    const links = [...list.content.children];
    list.remove();
    for (let i = 0; i < links.length; i += CHUNKS_PER_TASK) {
      document.head.append(...links.slice(i, i + CHUNKS_PER_TASK));
      await nextTask();
    }
  })();
  return fetching;
}
let fetching: Promise<void> | undefined;
const CHUNKS_PER_TASK = 4;

/**
 * The app's code runs in a few pieces, each its own task, rather than in one: React, then
 * the router's code, then the app's, then the app starting. On a cheap phone one piece is a
 * short pause, all at once a long freeze of a page that looks ready.
 */
async function start() {
  await fetchAppChunks(); // started when the page painted; here if it has not yet
  await import('react-dom/client');
  await nextTask();
  await import('./app/router');
  await nextTask();
  const { startApp } = await import('./boot');
  await nextTask();
  startApp();
}

holdEarlyPresses();
holdInstallPrompt();
void whenPainted().then(fetchAppChunks);
void whenShown().then(start);
