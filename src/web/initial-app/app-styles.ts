import { APP_STYLES_ID } from '../../shared/route-preloads';

/**
 * Links the home's full stylesheet once the app has started (the build held it back:
 * src/static-build/prerender-plugin.ts, withStylesAfterStart). Other pages link it already,
 * so there is nothing to do there.
 */
export function linkAppStyles(): void {
  const held = document.getElementById(APP_STYLES_ID);
  if (!(held instanceof HTMLLinkElement)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = held.crossOrigin;
  link.href = held.href;
  // The held link stays until this one has loaded: Vite's loader, seeing it, adds no second copy.
  link.addEventListener('load', () => held.remove(), { once: true });
  document.head.append(link);
}
