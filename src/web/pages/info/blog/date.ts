import { formatDate } from '../../../../shared/dates';

/** "14 Sep 2026": a publication date, in the one date format (shared/dates.ts). */
export function formatArticleDate(iso: string): string {
  return formatDate(`${iso}T12:00:00Z`);
}
