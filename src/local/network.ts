/**
 * Whether the app can reach its server, judged by what its requests actually do. A phone with
 * signal but no data bundle, or on a captive network, says `navigator.onLine === true` while
 * every request fails; so the api client reports each outcome here: no answer, a time-out or
 * a page that is not our API's (a captive portal's login page) marks the app offline until an
 * answer arrives. While offline a cheap probe asks again, 2 s doubling to a minute, so the app
 * notices the network coming back without waiting for the user. One state per context (page,
 * service worker); the browser's own `offline` still counts at once.
 */
export const PROBE_MIN_MS = 2_000;
export const PROBE_MAX_MS = 60_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let reachable = true;
let probe: (() => Promise<unknown>) | undefined;
let probes = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Online: the browser thinks so, and the last request (or probe) got an answer. */
export function isOnline(): boolean {
  return browserOnline() && reachable;
}

/** Wait before probe number `n` (1, 2, …), with up to a quarter taken off so phones do not probe in step. */
export function probeDelay(n: number, random: () => number = Math.random): number {
  const base = Math.min(PROBE_MAX_MS, PROBE_MIN_MS * 2 ** Math.min(20, Math.max(0, n - 1)));
  return Math.round(base * (1 - 0.25 * random()));
}

/** A request got an answer from our server: online again. */
export function reportReached(): void {
  probes = 0;
  clearTimeout(timer);
  timer = undefined;
  if (reachable) return;
  reachable = true;
  emit();
}

/** A request got no answer (or not our server's): offline until one does. */
export function reportUnreachable(): void {
  if (reachable) {
    reachable = false;
    emit();
  }
  scheduleProbe();
}

/** Follows isOnline(); the listener is called on every change. */
export function subscribeOnline(listener: Listener): () => void {
  listenToBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called each time the app goes from offline to online (by the browser's word or an answer). */
export function onBackOnline(listener: Listener): () => void {
  let was = isOnline();
  return subscribeOnline(() => {
    const now = isOnline();
    if (now && !was) listener();
    was = now;
  });
}

/**
 * The request that asks "is the server there?" while offline; it goes through the api client,
 * whose outcome is reported here like any other request's.
 */
export function setReachabilityProbe(ask: () => Promise<unknown>): void {
  probe = ask;
  listenToBrowser();
  if (!reachable) scheduleProbe();
}

function scheduleProbe(): void {
  if (timer !== undefined || !probe || reachable) return;
  probes += 1;
  timer = setTimeout(runProbe, probeDelay(probes));
}

async function runProbe(): Promise<void> {
  timer = undefined;
  if (reachable || !probe) return;
  // The browser knows there is no network: its `online` event will probe.
  if (!browserOnline()) return;
  await probe().catch(() => undefined);
  if (!reachable) scheduleProbe();
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** The browser's own events: `offline` is believed at once; `online` is checked with a probe. */
function listenToBrowser(): void {
  if (listening || typeof globalThis.addEventListener !== 'function') return;
  listening = true;
  globalThis.addEventListener('offline', emit);
  globalThis.addEventListener('online', () => {
    emit();
    if (reachable) return;
    clearTimeout(timer);
    timer = undefined;
    probes = 0;
    void runProbe();
  });
}

/** Tests only: back to the first state. */
export function resetNetworkState(): void {
  clearTimeout(timer);
  timer = undefined;
  reachable = true;
  probes = 0;
  probe = undefined;
}
