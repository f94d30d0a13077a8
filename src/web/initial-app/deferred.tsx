import { startTransition, useEffect, useState, type ReactNode } from 'react';

let painted: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the main thread is first idle: the first screen has
 * painted and hydrated, so what loads now (the data layer, the account area, the shelves)
 * never competes with it.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    const idle = () => (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1)))(() => resolve(), { timeout: 3000 });
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return painted;
}

const loaded = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * Shows `fallback` (the same in the prerendered HTML and at hydration) until `load` has
 * brought its module in after the first paint, then `children(module)`. Once loaded, later
 * mounts render the module at once.
 */
export function Deferred<M>({ load, fallback, children }: { load: () => Promise<M>; fallback: ReactNode; children: (module: M) => ReactNode }) {
  const [module, setModule] = useState(() => loaded.get(load) as M | undefined);
  useEffect(() => {
    if (module) return;
    let live = true;
    afterFirstPaint()
      .then(load)
      .then((m) => {
        loaded.set(load, m);
        // In a transition: what arrives (the shelves, the account area) is drawn in slices.
        if (live) startTransition(() => setModule(() => m));
      })
      // A chunk that cannot load (offline before the service worker has it) leaves the fallback.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load, module]);
  return module ? children(module) : fallback;
}
