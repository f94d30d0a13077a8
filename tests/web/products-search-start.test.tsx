import { startTransition, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { SearchBox } from '../../src/web/pages/catalogue/ProductsPage';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

/** Types into the box the way a browser does: the text is set, then an input event. */
function type(text: string) {
  const box = document.querySelector('input')!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Its layout effect runs as the hydration commits; the typing it queues lands right after the
 * commit, before React has run the page's effects (the moment a phone's typing met on /products).
 */
function TypesAsTheAppAdoptsThePage({ text }: { text: string }) {
  useLayoutEffect(() => queueMicrotask(() => type(text)), [text]);
  return null;
}

it("the products search keeps what was typed just as the app adopted the server's box, and searches it", async () => {
  // Not act(): it would run the effects together with the commit, closing the moment this is about.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const onSearch = vi.fn();
  const app = (
    <>
      <SearchBox value="" onSearch={onSearch} />
      <TypesAsTheAppAdoptsThePage text="rice" />
    </>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.append(container);
  // As src/web/boot.tsx starts the app: hydration in a transition.
  startTransition(() => {
    root = hydrateRoot(container, app);
  });

  // The box kept the text and the page searches for it (the effect on the first render that set
  // the box back to the URL's empty term used to wipe it: nothing searched, the box empty).
  await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith('rice'), { timeout: 5000 });
  expect(container.querySelector('input')!.value).toBe('rice');
});
