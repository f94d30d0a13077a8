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
});
