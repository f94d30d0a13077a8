/**
 * ISO weeks ("2026-W47") in Africa/Accra time. Ghana keeps GMT all year (no daylight saving),
 * so Accra's calendar day is the UTC one; the week starts on Monday at 00:00 in Accra.
 */
const DAY_MS = 86_400_000;

/** The ISO week an instant falls in, as Accra's calendar sees it. */
export function isoWeekOf(at: Date | string | number): string {
  const date = new Date(at);
  // Thursday of the same ISO week decides the year (ISO 8601).
  const day = (date.getUTCDay() + 6) % 7;
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) + (3 - day) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday 00:00 Accra (= UTC) of an ISO week, in milliseconds. */
export function weekStart(week: string): number {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) throw new Error(`Not an ISO week: ${week}`);
  const year = Number(match[1]);
  // 4 January is always in week 1.
  const jan4 = Date.UTC(year, 0, 4);
  const mondayOfWeek1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return mondayOfWeek1 + (Number(match[2]) - 1) * 7 * DAY_MS;
}

/** The n weeks ending with `last`, oldest first. */
export function weeksEndingWith(last: string, n: number): string[] {
  const start = weekStart(last);
  return Array.from({ length: n }, (_, i) => isoWeekOf(start - (n - 1 - i) * 7 * DAY_MS));
}

/** The week before. */
export const previousWeek = (week: string): string => isoWeekOf(weekStart(week) - 7 * DAY_MS);
