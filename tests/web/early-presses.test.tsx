import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyPresses, releaseEarlyPresses } from '../../src/web/initial-app/early-presses';

afterEach(() => {
  releaseEarlyPresses();
  document.body.innerHTML = '';
});

/** The first screen's HTML before the app runs: buttons with no handler of React's yet. */
function firstScreen() {
  document.body.innerHTML = `
    <button type="button" id="filters"><span>Filters</span></button>
    <button type="button" id="add">Add</button>
    <button type="button" id="gone">Show the picture</button>
    <form action="/products" method="get"><button id="search">Search</button></form>`;
  const presses: string[] = [];
  // What the app will do once it runs: handlers on the buttons themselves.
  const adopt = () =>
    document.querySelectorAll('button').forEach((button) => button.addEventListener('click', () => presses.push(button.id)));
  return { presses, adopt, byId: (id: string) => document.getElementById(id)! };
}

/**
 * Like the bar's list, adopted by React while presses are held: controlled by the shown
 * language, which changes only once the chosen language's messages have arrived, so React
 * puts the old value back meanwhile. `heard` is what its onChange was told.
 */
async function adoptedLanguageBar() {
  localStorage.removeItem('akuafo.language');
  const heard: string[] = [];
  function Bar() {
    const [shown] = useState('en');
    return (
      <select data-language-list="" value={shown} onChange={(e) => heard.push(e.target.value)}>
        <option value="en">English</option>
        <option value="ak">Twi</option>
      </select>
    );
  }
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Bar />);
  holdEarlyPresses();
  const root = await act(async () => hydrateRoot(container, <Bar />));
  return { heard, container, root };
}

describe('presses before the app has started', () => {
  it('are held, then done in order once the app has adopted the page', () => {
    const { presses, adopt, byId } = firstScreen();
    holdEarlyPresses();
    adopt();
    byId('filters').querySelector('span')!.click();
    byId('add').click();
    byId('add').click();
    expect(presses).toEqual([]);
    releaseEarlyPresses();
    expect(presses).toEqual(['filters', 'add', 'add']);
    // Once started, a press is the app's at once.
    byId('add').click();
    expect(presses).toEqual(['filters', 'add', 'add', 'add']);
  });

  it('leave a form\'s submit button to the browser, and drop a press on a button the app redrew', () => {
    const { presses, adopt, byId } = firstScreen();
    holdEarlyPresses();
    let submitted = false;
    byId('search').closest('form')!.addEventListener('submit', (event) => {
      submitted = true;
      event.preventDefault();
    });
    byId('search').click();
    expect(submitted).toBe(true);
    byId('gone').click();
    byId('gone').remove();
    adopt();
    releaseEarlyPresses();
    expect(presses).toEqual([]);
  });

  it('hold a press on the submit button of a form the app does better (Add to Cart), and send it to the app once it runs', () => {
    document.body.innerHTML = `<form action="/signin" method="get" data-app-first=""><button id="add-to-cart">Add to Cart</button></form>`;
    const form = document.querySelector('form')!;
    const sent: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push('submit');
    });
    holdEarlyPresses();
    document.getElementById('add-to-cart')!.click();
    expect(sent).toEqual([]);
    releaseEarlyPresses();
    expect(sent).toEqual(['submit']);
  });
});

describe('text typed before the app has started', () => {
  // React's act() warns unless the environment says it is a test one.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  /** A controlled box, like the products page's search: React's state is what the app acts on. */
  function Search({ onTerm }: { onTerm(term: string): void }) {
    const [term, setTerm] = useState('');
    return (
      <form>
        <input aria-label="Search" value={term} onChange={(e) => { setTerm(e.target.value); onTerm(e.target.value); }} />
        <select aria-label="Sort" defaultValue="newest" onChange={(e) => onTerm(`sort:${e.target.value}`)}>
          <option value="newest">Newest</option>
          <option value="price-asc">Price</option>
        </select>
        <output>{term}</output>
      </form>
    );
  }

  it('reaches the component once React has adopted the page, and stays in the box', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Search onTerm={() => {}} />);
    holdEarlyPresses();
    const box = container.querySelector('input')!;
    box.value = 'rice';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    container.querySelector('select')!.value = 'price-asc';
    container.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));

    const seen: string[] = [];
    const root = await act(async () => hydrateRoot(container, <Search onTerm={(term) => seen.push(term)} />));
    // Adopted: the box still shows the text, but the app has not been told of it.
    expect(box.value).toBe('rice');
    expect(container.querySelector('output')!.textContent).toBe('');

    await act(async () => releaseEarlyPresses());
    expect(seen).toEqual(['rice', 'sort:price-asc']);
    expect(container.querySelector('output')!.textContent).toBe('rice');
    expect(box.value).toBe('rice');
    await act(async () => root.unmount());
  });

  it('reaches the component when it was typed before the entry script had run', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Search onTerm={() => {}} />);
    // Typed (and a sort picked) while the script was still on its way: no listener saw it.
    container.querySelector('input')!.value = 'rice';
    container.querySelector('select')!.value = 'price-asc';
    holdEarlyPresses();

    const seen: string[] = [];
    const root = await act(async () => hydrateRoot(container, <Search onTerm={(term) => seen.push(term)} />));
    await act(async () => releaseEarlyPresses());
    expect(seen).toEqual(['rice', 'sort:price-asc']);
    expect(container.querySelector('output')!.textContent).toBe('rice');
    await act(async () => root.unmount());
  });

  it('leaves a box alone that was not typed into', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Search onTerm={() => {}} />);
    holdEarlyPresses();
    const seen: string[] = [];
    const root = await act(async () => hydrateRoot(container, <Search onTerm={(term) => seen.push(term)} />));
    await act(async () => releaseEarlyPresses());
    expect(seen).toEqual([]);
    await act(async () => root.unmount());
  });

  it('keeps a language chosen in a page the app then draws over, and makes the choice again in the app\'s list', async () => {
    localStorage.removeItem('akuafo.language');
    const container = document.createElement('div');
    document.body.append(container);
    // The shell's bar: a list the app will not adopt but draw anew.
    container.innerHTML = '<select data-language-list><option value="en" selected>English</option><option value="ak">Twi</option></select>';
    holdEarlyPresses();
    container.querySelector('select')!.value = 'ak';
    container.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
    // Kept at once: the app, starting later, starts in it.
    expect(localStorage.getItem('akuafo.language')).toBe('ak');
    expect(document.cookie).toContain('akuafo-lang=ak');

    const seen: string[] = [];
    function Bar() {
      const [language, setLanguage] = useState('en');
      return (
        <select data-language-list="" value={language} onChange={(e) => { setLanguage(e.target.value); seen.push(e.target.value); }}>
          <option value="en">English</option>
          <option value="ak">Twi</option>
        </select>
      );
    }
    container.innerHTML = '';
    const root = createRoot(container);
    await act(async () => root.render(<Bar />));
    expect(seen).toEqual([]);
    await act(async () => releaseEarlyPresses());
    expect(seen).toEqual(['ak']);
    expect(container.querySelector('select')!.value).toBe('ak');
    await act(async () => root.unmount());
    localStorage.removeItem('akuafo.language');
  });

  it('makes again the language picked while the app was starting, though the adopted list shows the old one again', async () => {
    const { heard, container, root } = await adoptedLanguageBar();
    // Adopted, but the app's start (its effect that ends the holding) has not run yet: the reader picks Twi.
    const list = container.querySelector('select')!;
    await act(async () => {
      list.value = 'ak';
      list.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(list.value).toBe('en');
    await act(async () => releaseEarlyPresses());
    // The last word is the reader's pick, not the value React put back (it used to be 'en').
    expect(heard.at(-1)).toBe('ak');
    expect(heard).not.toContain('en');
    expect(localStorage.getItem('akuafo.language')).toBe('ak');
    await act(async () => root.unmount());
    localStorage.removeItem('akuafo.language');
  });

  it('keeps the pick when the app starts inside the very event of the pick (React adopts the page for it)', async () => {
    const { heard, container, root } = await adoptedLanguageBar();
    const list = container.querySelector('select')!;
    // What React does when a pick lands mid-adoption: it finishes adopting and runs the app's
    // start (which ends the holding) before its own handler hears the pick.
    container.addEventListener('change', () => releaseEarlyPresses(), { capture: true, once: true });
    await act(async () => {
      list.value = 'ak';
      list.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The last word is the reader's pick (the old code replayed it inside the event, and the
    // event itself then reached the list's handler with the value React had put back: 'en').
    expect(heard.at(-1)).toBe('ak');
    expect(localStorage.getItem('akuafo.language')).toBe('ak');
    await act(async () => root.unmount());
    localStorage.removeItem('akuafo.language');
  });

  it('leaves other lists of a page drawn over alone', async () => {
    document.body.innerHTML = '<select name="sort"><option value="new" selected>Newest</option><option value="price">Price</option></select><select data-language-list><option value="en" selected>English</option><option value="ak">Twi</option></select>';
    holdEarlyPresses();
    const sort = document.querySelector<HTMLSelectElement>('select[name=sort]')!;
    sort.value = 'price';
    sort.dispatchEvent(new Event('change', { bubbles: true }));
    sort.remove();
    const language = document.querySelector<HTMLSelectElement>('select[data-language-list]')!;
    const changes: string[] = [];
    language.addEventListener('change', () => changes.push(language.value));
    releaseEarlyPresses();
    expect(changes).toEqual([]);
    expect(language.value).toBe('en');
    expect(localStorage.getItem('akuafo.language')).toBeNull();
  });
});
