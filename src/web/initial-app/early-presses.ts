/**
 * The first screen is HTML that shows before the app has started. A link or a form works
 * without script, but a press on one of its buttons would do nothing and be lost, and on a
 * cheap phone the app starts a second or more after the page shows. Such presses are held
 * and done again, in order, once the app has adopted the page.
 */
let held: HTMLButtonElement[] | undefined;

function hold(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // A form's submit button works as it is (the home's search is a plain GET form).
  if (!button || (button.type === 'submit' && button.form)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held?.push(button);
}

/** Starts holding button presses; src/web/main.tsx calls it first thing. */
export function holdEarlyPresses(): void {
  if (held) return;
  held = [];
  document.addEventListener('click', hold, true);
}

/** The app has adopted the page: stop holding, and press again what was pressed meanwhile. */
export function releaseEarlyPresses(): void {
  if (!held) return;
  const presses = held;
  held = undefined;
  document.removeEventListener('click', hold, true);
  // A button the app redrew rather than adopted is gone: its press goes with it.
  for (const button of presses) if (button.isConnected && !button.disabled) button.click();
}
