/**
 * Page hints: two cookies the app keeps (src/web/app/page-hints.ts) so the server can render
 * a page as the phone will draw it. They hold no secret and prove nothing: the session stays
 * in IndexedDB, and every API call is checked on its own. A stale hint costs one redraw.
 */
export const PAGE_HINT_COOKIES = {
  /** "1" while a session is stored on the phone. */
  signedIn: 'akuafo-signed-in',
  /** "1" or "0": the Data saver switch. Absent, the browser's own Save-Data decides, as on the phone. */
  dataSaver: 'akuafo-data-saver',
} as const;
