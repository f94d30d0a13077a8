/**
 * Whether a feed's answer says the server's database went back (restored from a backup), so
 * the mirror's cursor belongs to a history the server no longer has and every version up to it
 * would be skipped for good: the answer names another epoch than the mirror was pulled under
 * (the server starts a new one on a restore: docs/deployment.md), or its last page's cursor,
 * the server's head, is below the cursor asked with (such a page is always empty: nothing is
 * above a cursor past the head; a page with changes in it answered another, older question,
 * such as another tab's late answer). The catalogue's and the price index's pulls both ask
 * this, and then start their mirror again from 0.
 */
export function feedWentBack(heldEpoch: number | undefined, page: { epoch?: number; cursor: number; hasMore: boolean; empty: boolean }, since: number): boolean {
  if (since === 0) return false;
  if (heldEpoch !== undefined && page.epoch !== undefined && page.epoch !== heldEpoch) return true;
  return page.empty && !page.hasMore && page.cursor < since;
}
