import { formatDate } from '../../../../shared/dates';

/** "14 September 2026": a publication date as people in Ghana write it. */
export function formatArticleDate(iso: string): string {
  return formatDate(`${iso}T12:00:00Z`, 'long');
}
