export interface Pagination {
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /**
   * True when the list holds more than totalCount rows: a catalogue search counts exactly up
   * to a bound (CATALOGUE_COUNT_BOUND) and shows "10,000+" beyond it. False everywhere else.
   */
  totalIsLowerBound: boolean;
}

/** `counted` rows were counted; with `bound`, a count past the bound is given as the bound, marked. */
export function paginate(currentPage: number, pageSize: number, counted: number, bound?: number): Pagination {
  const totalIsLowerBound = bound !== undefined && counted > bound;
  const totalCount = totalIsLowerBound ? bound : counted;
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    currentPage,
    pageSize,
    totalCount,
    totalPages,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
    totalIsLowerBound,
  };
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * Keyset paging (issue 40's staff screens and loads board): a list answers `{ data, nextCursor }`
 * and the next page is asked with `?cursor=` that nextCursor (null: the list is done). The cursor
 * is opaque to clients: the sort keys of the page's last row (a time and an id, or an id), as
 * base64url JSON, so a page starts strictly after that row whatever was added before it, and no
 * row is read twice or skipped when rows tie on the sort time. It names a place in the list, not a
 * permission: the server filters every page to what the caller may see, whatever the cursor says.
 */
export type CursorKey = 'id' | 'time';
export type CursorValues = (string | number)[];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
/** Ids are PostgreSQL integers: a larger one is forged (refused here, not an error in the query). */
const MAX_ID = 2_147_483_647;

// base64url of ASCII text, by hand: the shared floor runs in the phone and on the server, typed with neither's globals.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function toBase64Url(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const n = (text.charCodeAt(i) << 16) | ((text.charCodeAt(i + 1) || 0) << 8) | (text.charCodeAt(i + 2) || 0);
    const chars = Math.min(4, text.length - i + 1);
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}
function fromBase64Url(code: string): string | null {
  if (code.length % 4 === 1) return null;
  let out = '';
  for (let i = 0; i < code.length; i += 4) {
    const group = code.slice(i, i + 4);
    let n = 0;
    for (let k = 0; k < 4; k++) n = (n << 6) | (k < group.length ? ALPHABET.indexOf(group[k]!) : 0);
    const bytes = group.length - 1;
    for (let k = 0; k < bytes; k++) out += String.fromCharCode((n >> (16 - 8 * k)) & 255);
  }
  return out;
}

export function encodeCursor(values: CursorValues): string {
  return toBase64Url(JSON.stringify(values));
}

/** The cursor's values if it is one of `keys`' shape, else null (forged, edited, another list's). */
export function decodeCursor(cursor: string, keys: readonly CursorKey[]): CursorValues | null {
  if (cursor.length === 0 || cursor.length > 120 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    const text = fromBase64Url(cursor);
    if (text === null) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== keys.length) return null;
  const ok = keys.every((key, i) => {
    const value: unknown = parsed[i];
    return key === 'id' ? Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ID : typeof value === 'string' && ISO_TIME.test(value);
  });
  return ok ? (parsed as CursorValues) : null;
}

export interface KeysetPage<T> {
  data: T[];
  /** The `cursor` of the next page; null when this page is the last. */
  nextCursor: string | null;
}
