import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * npm run bench ussd: each USSD step's latency with 50 sessions at once (tools/ussd-round.ts),
 * in BENCH_ROUNDS (3) rounds; each figure is the median of the rounds. Goal: p99 <= 300 ms a step
 * (the gateways give up after a few seconds). SQLite, or PostgreSQL with DATABASE_URL.
 *
 * BENCH_AGAINST=<commit> runs that commit's server side by side, in turns with this tree's
 * (a temporary git worktree sharing node_modules and this round script), so a neighbour's load
 * on the shared machine weighs on both. BENCH_DRAIN=1 waits for the outbox after every answer.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const against = process.env.BENCH_AGAINST;
const ROUND_SCRIPT = 'tests/bench/tools/ussd-round.ts';
type Steps = Record<string, number[]>;

function round(root: string): { database: string; steps: Steps } {
  const args = ['--import', 'tsx', ROUND_SCRIPT, ...(process.env.BENCH_DRAIN ? ['--drain'] : [])];
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`a round in ${root} failed (${r.status}): ${r.stdout.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { database: string; steps: Steps };
}

function worktreeOf(commit: string): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'akuafo-bench-'));
  execFileSync('git', ['worktree', 'add', '--detach', root, commit], { stdio: 'ignore' });
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  cpSync(ROUND_SCRIPT, join(root, ROUND_SCRIPT));
  return {
    root,
    remove() {
      execFileSync('git', ['worktree', 'remove', '--force', root], { stdio: 'ignore' });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => pct(values, 50);
/** Per step: the median over rounds of the round's p50 and p99; "every step" pools a round's steps. */
function summary(rounds: Steps[]) {
  const labels = [...Object.keys(rounds[0]!), 'every step'];
  const of = (steps: Steps, label: string) => (label === 'every step' ? Object.values(steps).flat() : steps[label] ?? []);
  return labels.map((label) => ({
    label,
    n: of(rounds[0]!, label).length,
    p50: Math.round(median(rounds.map((s) => pct(of(s, label), 50)))),
    p99: Math.round(median(rounds.map((s) => pct(of(s, label), 99)))),
  }));
}

const base = against ? worktreeOf(against) : undefined;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const loadBefore = load();
const ours: Steps[] = [];
const theirs: Steps[] = [];
let database = '';
try {
  for (let i = 0; i < ROUNDS; i++) {
    const r = round('.');
    database = r.database;
    ours.push(r.steps);
    if (base) theirs.push(round(base.root).steps);
  }
} finally {
  base?.remove();
}
console.log(`50 sessions at once on ${database}, median of ${ROUNDS} rounds${process.env.BENCH_DRAIN ? ', waiting for the outbox after each answer' : ''}; load average ${loadBefore} before, ${load()} after`);
const now = summary(ours);
const then = base ? summary(theirs) : undefined;
console.log(`${'step'.padEnd(14)} ${'n'.padStart(4)}  ${'this tree p50 / p99'.padStart(20)}${then ? `  ${`${against!.slice(0, 10)} p50 / p99`.padStart(24)}` : ''}`);
for (const [i, row] of now.entries()) {
  const old = then?.[i];
  console.log(`${row.label.padEnd(14)} ${String(row.n).padStart(4)}  ${`${row.p50} / ${row.p99} ms`.padStart(20)}${old ? `  ${`${old.p50} / ${old.p99} ms`.padStart(24)}` : ''}`);
}
console.log('goal: p99 <= 300 ms a step');
