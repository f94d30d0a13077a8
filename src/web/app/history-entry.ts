/**
 * React Router's ScrollRestoration files a page's scroll position under its history entry's
 * key, and an entry the app did not make (an address typed, a link from elsewhere) has no key:
 * all of them share "default", so /faq opened by address landed where the last such page was
 * left (mid-page, or at the footer). Giving the entry the document opened on a key of its own
 * makes a new page start at the top; Back and reload find their entry's key and position.
 * Runs before the router reads the entry.
 */
export function keyThisEntry(): void {
  const state = window.history.state as { key?: string; usr?: unknown } | null;
  if (state?.key) return;
  window.history.replaceState({ ...state, usr: state?.usr ?? null, key: Math.random().toString(36).slice(2, 10) }, '');
}
