/**
 * The goals a bench's figures are held to, printed as one table with pass or fail, so a run
 * says at a glance which goal it missed (issue 37 item 12 asked for one; `bench scale` is the
 * first to print it).
 */
export interface Budget {
  figure: string;
  value: number;
  unit: string;
  /** The goal: at most (`max`) or at least (`min`) this. */
  max?: number;
  min?: number;
}

export const meets = (b: Budget) => (b.max === undefined || b.value <= b.max) && (b.min === undefined || b.value >= b.min);

export function printBudgets(title: string, budgets: Budget[]): void {
  const goal = (b: Budget) => (b.max !== undefined ? `≤ ${b.max} ${b.unit}` : `≥ ${b.min} ${b.unit}`);
  const width = Math.max(...budgets.map((b) => b.figure.length));
  console.log(`\n${title}`);
  for (const b of budgets) console.log(`  ${b.figure.padEnd(width)}  ${`${b.value.toFixed(b.unit === 'ms' ? 1 : 0)} ${b.unit}`.padStart(12)}  ${goal(b).padEnd(14)}  ${meets(b) ? 'pass' : 'FAIL'}`);
}
