/**
 * The first screen is HTML that shows before the app has started. A link or a form works
 * without script, but a press on one of its buttons would do nothing and be lost, and on a
 * cheap phone the app starts a second or more after the page shows. Such presses are held
 * and done again, in order, once the app has adopted the page. Text typed meanwhile stays
 * in its box, but React adopts the box without reading it: it is told of the text again.
 */
import { isLocale } from '../../shared/i18n/locales';
import { LANGUAGE_LIST_ATTRIBUTE, rememberLanguage } from '../i18n/device-choice';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let held: HTMLButtonElement[] | undefined;
let typedInto: Set<Field> | undefined;
/**
 * What the reader picked in each list. Once React has adopted a list it puts back the value its
 * state holds until the app has acted, so at release the list itself may no longer show the
 * pick (a language chosen while the app was starting then came back as English: CI saw it).
 */
let picked: Map<HTMLSelectElement, string> | undefined;
/**
 * The last press or pick the holder heard. React adopts the page at once when a press lands on
 * it mid-way, and runs the app's start (which ends the holding) inside that very event; the
 * event then reaches React's handler after the holding's replays, with the value React put
 * back: a language picked in that instant became English (CI saw it). So while it is still
 * being dispatched, the replays wait for it to end.
 */
let lastHeard: Event | undefined;

/**
 * A form whose plain sending is only the fallback for a browser without the app (Add to Cart
 * goes to the sign-in page): a press before the app has started waits for the app, which adds.
 */
export const APP_FIRST_ATTRIBUTE = 'data-app-first';

function hold(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // A form's submit button works as it is (the home's search is a plain GET form).
  if (!button || (button.type === 'submit' && button.form && !button.form.hasAttribute(APP_FIRST_ATTRIBUTE))) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  lastHeard = event;
  held?.push(button);
}

function noteTyping(event: Event): void {
  const field = event.target;
  lastHeard = event;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) {
    typedInto?.add(field);
    if (field instanceof HTMLSelectElement) picked?.set(field, field.value);
    if (event.type === 'change') keepLanguageChoice(field);
  }
}

/**
 * The language, chosen in the bar before the app has started: kept on the device at once, so
 * the app starts in it even on a page it draws anew rather than adopts (a shell page, whose bar
 * and the choice shown in it are replaced).
 */
function keepLanguageChoice(field: Field): void {
  if (field instanceof HTMLSelectElement && field.hasAttribute(LANGUAGE_LIST_ATTRIBUTE) && isLocale(field.value)) rememberLanguage(field.value);
}

/** Starts holding button presses; src/web/main.tsx calls it first thing. */
export function holdEarlyPresses(): void {
  if (held) return;
  held = [];
  typedInto = new Set();
  picked = new Map();
  document.addEventListener('click', hold, true);
  document.addEventListener('input', noteTyping, true);
  document.addEventListener('change', noteTyping, true);
  // On a slow phone the page can be typed into before this script has even arrived.
  for (const field of document.querySelectorAll<Field>('input, textarea, select')) {
    if (!typedAlready(field)) continue;
    typedInto.add(field);
    if (field instanceof HTMLSelectElement) picked.set(field, field.value);
    keepLanguageChoice(field);
  }
}

function typedAlready(field: Field): boolean {
  if (!(field instanceof HTMLSelectElement)) return field.value !== field.defaultValue;
  // What the HTML selected (its `selected` attributes) against what is selected now.
  const options = [...field.options];
  if (field.multiple) return options.some((option) => option.selected !== option.hasAttribute('selected'));
  // With no option marked selected in the HTML, a list starts on its first.
  const initial = options.filter((option) => option.hasAttribute('selected')).pop() ?? options[0];
  return Boolean(initial) && !initial.selected;
}

/**
 * React adopts a box keeping its text, and remembers that text as the one it has already
 * seen, so the component's state still holds the server's value. The box is set empty
 * through its own `value` (React records that), then given its text back past React's record
 * and announced: React sees a change and calls the component's onChange with the text.
 */
function announceTyping(field: Field, pick?: string): void {
  if (field instanceof HTMLSelectElement) return announcePick(field, pick ?? field.value);
  if (!field.isConnected || field.disabled) return;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file')) return;
  const text = field.value;
  if (text === field.defaultValue) return;
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  field.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The app has adopted the page: stop holding, tell it what was typed, and press again what was pressed. */
export function releaseEarlyPresses(): void {
  if (!held) return;
  const presses = held;
  const fields = typedInto ?? new Set<Field>();
  const picks = picked ?? new Map<HTMLSelectElement, string>();
  const inFlight = lastHeard !== undefined && lastHeard.eventPhase !== Event.NONE;
  held = undefined;
  typedInto = undefined;
  picked = undefined;
  lastHeard = undefined;
  document.removeEventListener('click', hold, true);
  document.removeEventListener('input', noteTyping, true);
  document.removeEventListener('change', noteTyping, true);
  const replay = () => {
    for (const field of fields) announceTyping(field, field instanceof HTMLSelectElement ? picks.get(field) : undefined);
    // A button the app redrew rather than adopted is gone: its press goes with it.
    for (const button of presses) if (button.isConnected && !button.disabled) button.click();
  };
  // Released from inside an event still on its way (see lastHeard): after it, in the next task.
  if (inFlight) setTimeout(replay, 0);
  else replay();
}

/**
 * A pick in a list, made again in the list the app now owns so its onChange hears it: the
 * adopted list itself, or for a language list the app drew anew, the app's own (the app
 * started in the kept choice already; making it again lets the account hear).
 */
function announcePick(field: HTMLSelectElement, pick: string): void {
  const list = field.isConnected ? field : redrawnLanguageList(field, pick);
  if (!list || list.disabled) return;
  list.value = pick;
  list.dispatchEvent(new Event('change', { bubbles: true }));
}

function redrawnLanguageList(field: HTMLSelectElement, pick: string): HTMLSelectElement | null {
  if (!field.hasAttribute(LANGUAGE_LIST_ATTRIBUTE) || !isLocale(pick)) return null;
  return document.querySelector<HTMLSelectElement>(`select[${LANGUAGE_LIST_ATTRIBUTE}]:not(:disabled)`);
}
