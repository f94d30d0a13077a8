/**
 * The grade of a lot of grain or legumes from the warehouse's readings (issue 41 item 1,
 * docs/quality.md): computed, never typed. A lot takes the best grade whose every limit it
 * meets; a reading above the worst grade's limit is no grade at all, and the check is a FAIL
 * whatever the staff sent. The limits, and which are published and which are the house's own,
 * are in docs/quality.md; change them there and here together.
 */

/** Categories whose lots are measured (moisture, foreign matter) and graded; the rest pass or fail on sight. */
export const MEASURED_CATEGORIES: readonly string[] = ['Grains'];

export const isMeasured = (category: string): boolean => MEASURED_CATEGORIES.includes(category);

export const GRADES = ['Grade 1', 'Grade 2', 'Grade 3'] as const;
export type Grade = (typeof GRADES)[number];

/** Each grade's highest readings, in percent (inclusive), best grade first. */
export const GRADE_LIMITS: readonly { grade: Grade; moisturePct: number; foreignMatterPct: number }[] = [
  // Moisture 12 %: the Ghana Grains Council's warehouse-receipt maximum (cited). Foreign matter 1 %: the house's own.
  { grade: 'Grade 1', moisturePct: 12, foreignMatterPct: 1 },
  // The house's own: dry enough to store a few weeks, and sold as such.
  { grade: 'Grade 2', moisturePct: 13, foreignMatterPct: 2 },
  // The house's own: the wettest and dirtiest lot we sell through a warehouse.
  { grade: 'Grade 3', moisturePct: 13.5, foreignMatterPct: 3 },
];

export interface Readings {
  moisturePct: number;
  foreignMatterPct: number;
}

/** The lot's grade, or null when a reading is above the worst grade's limit (the lot fails). */
export function gradeOf(readings: Readings): Grade | null {
  const found = GRADE_LIMITS.find((l) => readings.moisturePct <= l.moisturePct && readings.foreignMatterPct <= l.foreignMatterPct);
  return found?.grade ?? null;
}

/**
 * A check's outcome: for a measured lot, the grade from the readings, and FAIL when there is
 * none (whatever was sent) or when the staff failed it on sight (mould, live insects: the
 * grade is then null too, a failed lot has none); for other goods, what the staff saw.
 */
export function checkOutcome(sent: 'PASS' | 'FAIL', readings: Readings | null): { result: 'PASS' | 'FAIL'; grade: Grade | null } {
  if (!readings) return { result: sent, grade: null };
  const grade = gradeOf(readings);
  if (grade === null || sent === 'FAIL') return { result: 'FAIL', grade: null };
  return { result: 'PASS', grade };
}

/** A grade in three characters, where a line has no room for more (a USSD listing: "G1"). */
export const shortGrade = (grade: string): string => grade.replace(/^Grade\s*/i, 'G');
