import { sql } from 'kysely';
import type { ProductQuality } from '../../../shared/schemas/checks';
import { now, type Db } from '../../platform/db';
import { nextCatalogueVersion } from '../../platform/db/catalogue-versions';

/**
 * A listing's quality record (issue 41 item 4, docs/quality.md), kept on its row and written in
 * the transaction of each warehouse check (modules/checks), so the products list reads it with
 * the row, no join. A lot is an order line: its first check counts it checked (and passed, if it
 * passed); a correction moves it between passed and not without counting it again. The newest
 * check gives the last grade, moisture and town. The row takes a catalogue version, so phones'
 * mirrors pull the new record.
 */
export async function recordLotCheck(
  trx: Db,
  lot: { productId: number; previous: 'PASS' | 'FAIL' | null; result: 'PASS' | 'FAIL'; grade: string | null; moisturePct: number | null; town: string },
): Promise<void> {
  const checked = lot.previous === null ? 1 : 0;
  const passed = (lot.result === 'PASS' ? 1 : 0) - (lot.previous === 'PASS' ? 1 : 0);
  await trx
    .updateTable('products')
    .set({
      quality_checked_lots: sql`quality_checked_lots + ${checked}`,
      quality_passed_lots: sql`quality_passed_lots + ${passed}`,
      quality_last_grade: lot.grade,
      quality_last_moisture_pct: lot.moisturePct,
      quality_last_town: lot.town,
      version: await nextCatalogueVersion(trx),
      updated_at: now(),
    })
    .where('id', '=', lot.productId)
    .execute();
}

/** The record as listings answer it. */
export function qualityOf(row: { quality_checked_lots?: number; quality_passed_lots?: number; quality_last_grade?: string | null; quality_last_moisture_pct?: number | null; quality_last_town?: string | null }): ProductQuality {
  const moisture = row.quality_last_moisture_pct;
  return {
    checkedLots: Number(row.quality_checked_lots ?? 0),
    passedLots: Number(row.quality_passed_lots ?? 0),
    lastGrade: row.quality_last_grade ?? null,
    lastMoisturePct: moisture === null || moisture === undefined ? null : Number(moisture),
    lastCheckedAt: row.quality_last_town ?? null,
  };
}
