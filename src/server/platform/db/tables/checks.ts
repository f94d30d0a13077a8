import type { Id } from './columns';

/** The tables modules/checks owns (038_line_checks, docs/quality.md); others get their types through its face. */

/** One warehouse check of an order line; never edited (a correction is a new row, the newest is the line's check). */
export interface LineChecksTable {
  id: Id;
  order_id: number;
  order_item_id: number;
  /** Where the goods were checked: the line's drop-off warehouse (or the pickup warehouse of a line that does not travel). */
  warehouse_id: number;
  staff_user_id: number;
  /** PASS or FAIL */
  result: string;
  /** Computed from the readings for grains and legumes (shared/quality-grades.ts); null for other goods and for a FAIL. */
  grade: string | null;
  moisture_pct: number | null;
  foreign_matter_pct: number | null;
  notes: string | null;
  /** A photo's storage key, when one was sent (041: from check_photos, uploaded by the checking staff). */
  photo: string | null;
  created_at: string;
  /** 040: on a FAIL, the code texted to the seller, who shows it to take the goods back; null otherwise. */
  return_code: string | null;
  /** 040: when the failed goods were handed back to their seller, and by which staff account. */
  returned_at: string | null;
  returned_by: number | null;
}

/** 041: a photo uploaded for a check or a pickup refusal, named by the phone (`ref`) so a queued check can point at it. */
export interface CheckPhotosTable {
  id: Id;
  ref: string;
  uploaded_by: number;
  storage_key: string;
  width: number;
  height: number;
  created_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface ChecksTables {
  line_checks: LineChecksTable;
  check_photos: CheckPhotosTable;
}
