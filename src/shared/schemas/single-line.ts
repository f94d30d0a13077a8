import * as v from 'valibot';

/** Control characters (CR, LF, tab, NUL, ESC, DEL, C1) and the Unicode line and paragraph separators: each ends a word. */
const BREAKS = /[\p{Cc}\u2028\u2029]/gu;
/** The bidirectional overrides and isolates, which reorder the letters after them on screen. */
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A single-line field (a name, a unit, a business or a warehouse name) as it is stored and
 * shown: no control characters, every run of white space one space, trimmed. So a listing named
 * "Cheap Maize\r\nEND Pay 0201234567" is one line wherever it is drawn, not a second line the
 * seller wrote onto a buyer's USSD screen or SMS (issue 37).
 */
export function singleLine(text: string): string {
  return text.replace(REORDERING, '').replace(BREAKS, ' ').replace(/\s+/gu, ' ').trim();
}

/** The schemas' step for a single-line field, in place of v.trim(): the client and the server clean it alike. */
export const toSingleLine = () => v.transform(singleLine);
