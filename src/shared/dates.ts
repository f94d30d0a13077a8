/**
 * The one way the app shows a date: "5 Nov 2026", "5 November 2026", "5 Nov 2026, 14:05".
 * Ghana keeps GMT all year, so these are UTC dates and times, the same wherever the phone
 * (or the server rendering a page) thinks it is. Written out rather than with Intl: a
 * cheap phone pays for loading each locale's data on the first screen that shows a date.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');

function parts(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function day(date: Date, style: 'short' | 'long'): string {
  const month = MONTHS[date.getUTCMonth()];
  return `${date.getUTCDate()} ${style === 'long' ? month : month.slice(0, 3)} ${date.getUTCFullYear()}`;
}

/** "5 Nov 2026" (short) or "5 November 2026" (long); "—" when there is no date. */
export function formatDate(iso: string | null | undefined, style: 'short' | 'long' = 'short'): string {
  const date = iso ? parts(iso) : undefined;
  return date ? day(date, style) : '—';
}

/** "5 Nov 2026, 14:05"; "—" when there is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? parts(iso) : undefined;
  return date ? `${day(date, 'short')}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : '—';
}

/** "05/11/2026": the numeric form. */
export function formatDateNumeric(iso: string): string {
  const date = parts(iso);
  return date ? `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}` : '—';
}
