/**
 * The one way the app shows a date, on screens, in e-mails and in SMS: "5 Nov 2026" (with the
 * time when it matters: "5 Nov 2026, 14:05"). Never 05/11/2026 (read as May 11 by some) nor
 * "Thu Nov 05 2026".
 * Ghana keeps GMT all year, so these are UTC dates and times, the same wherever the phone
 * (or the server rendering a page) thinks it is. Written out rather than with Intl: a
 * cheap phone pays for loading each locale's data on the first screen that shows a date.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Twi's own month names (CLDR `ak`), in full: they have no usual short forms. */
const MONTHS_AK = ['Ɔpɛpɔn', 'Ɔgyefoɔ', 'Ɔbɛnem', 'Oforisuo', 'Kɔtɔnimma', 'Ayɛwohomumu', 'Kutawonsa', 'Ɔsanaa', 'Ɛbɔ', 'Ahinime', 'Obubuo', 'Ɔpɛnimma'];
/** Month names by language; a language without its own list shows English's. */
const MONTHS_BY_LANGUAGE: Record<string, string[]> = { en: MONTHS, ak: MONTHS_AK };
const pad = (n: number) => String(n).padStart(2, '0');

function parts(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function day(date: Date, language = 'en'): string {
  return `${date.getUTCDate()} ${(MONTHS_BY_LANGUAGE[language] ?? MONTHS)[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "5 Nov 2026" ("5 Obubuo 2026" in Twi); "—" when there is no date. */
export function formatDate(iso: string | null | undefined, language?: string): string {
  const date = iso ? parts(iso) : undefined;
  return date ? day(date, language) : '—';
}

/** "5 Nov 2026, 14:05"; "—" when there is no date. */
export function formatDateTime(iso: string | null | undefined, language?: string): string {
  const date = iso ? parts(iso) : undefined;
  return date ? `${day(date, language)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : '—';
}
