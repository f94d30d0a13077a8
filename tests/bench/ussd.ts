import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NGINX, nginxAvailable } from '../support/fleet';

/**
 * npm run bench ussd: each USSD step's latency with 50 sessions at once (tools/ussd-round.ts),
 * and the server's CPU time for the step's fifty, in BENCH_ROUNDS (3) rounds; each figure is
 * the median of the rounds. Goal: p99 <= 300 ms a step
 * (the gateways give up after a few seconds). SQLite, or PostgreSQL with DATABASE_URL.
 *
 * BENCH_AGAINST=<commit> runs that commit's server side by side, in turns with this tree's
 * (a temporary git worktree sharing node_modules and this round script), so a neighbour's load
 * on the shared machine weighs on both. BENCH_DRAIN=1 waits for the outbox after every answer.
 *
 * BENCH_INSTANCES=<n> (2 or more; PostgreSQL only) instead starts n instances of the real server
 * on one database behind the real nginx and sends the fifty through nginx
 * (tools/ussd-fleet-round.ts): a fleet's figure, HTTP and the balancer's hop included. Neither
 * BENCH_AGAINST nor BENCH_DRAIN applies to it.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const instances = Number(process.env.BENCH_INSTANCES ?? 1);
const fleet = instances > 1;
if (!Number.isInteger(instances) || instances < 1) {
  console.error(`BENCH_INSTANCES is how many server instances to run behind nginx (1, the default, or 2 or more), not "${process.env.BENCH_INSTANCES}".`);
  process.exit(1);
}
if (fleet && !process.env.DATABASE_URL) {
  console.error('BENCH_INSTANCES needs DATABASE_URL: a fleet shares one PostgreSQL database, and SQLite is one process\'s file. Set DATABASE_URL=postgres://… or leave BENCH_INSTANCES unset.');
  process.exit(1);
}
if (fleet && !nginxAvailable()) {
  console.error(`BENCH_INSTANCES runs the instances behind the real nginx, which is not installed at ${NGINX}.`);
  process.exit(1);
}
const ignored = fleet ? ['BENCH_AGAINST', 'BENCH_DRAIN'].filter((name) => process.env[name]) : [];
if (ignored.length) console.log(`${ignored.join(' and ')} ${ignored.length > 1 ? 'are' : 'is'} not supported with BENCH_INSTANCES and ${ignored.length > 1 ? 'are' : 'is'} ignored: this tree's fleet alone, outbox in the background.`);
const against = fleet ? undefined : process.env.BENCH_AGAINST;
const ROUND_SCRIPT = 'tests/bench/tools/ussd-round.ts';
type Steps = Record<string, number[]>;
type Round = { database: string; steps: Steps; cpu: Record<string, number>; cpuEach?: Record<string, number[]> };

function round(root: string): Round {
  const args = fleet
    ? ['--import', 'tsx', 'tests/bench/tools/ussd-fleet-round.ts', String(instances)]
    : ['--import', 'tsx', ROUND_SCRIPT, ...(process.env.BENCH_DRAIN ? ['--drain'] : [])];
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`a round in ${root} failed (${r.status}): ${r.stdout.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Round;
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
/** Per step: the median over rounds of the round's p50, p99 and CPU; "every step" pools a round's steps. */
function summary(rounds: Round[]) {
  const labels = [...Object.keys(rounds[0]!.steps), 'every step'];
  const of = (r: Round, label: string) => (label === 'every step' ? Object.values(r.steps).flat() : r.steps[label] ?? []);
  const cpuOf = (r: Round, label: string) => (label === 'every step' ? Object.values(r.cpu).reduce((a, b) => a + b, 0) : r.cpu[label] ?? 0);
  return labels.map((label) => ({
    label,
    n: of(rounds[0]!, label).length,
    p50: Math.round(median(rounds.map((r) => pct(of(r, label), 50)))),
    p99: Math.round(median(rounds.map((r) => pct(of(r, label), 99)))),
    cpu: Math.round(median(rounds.map((r) => cpuOf(r, label)))),
  }));
}

const base = against ? worktreeOf(against) : undefined;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const loadBefore = load();
const ours: Round[] = [];
const theirs: Round[] = [];
let database = '';
try {
  // Who goes first alternates, so neither side always follows the other's clean-up.
  for (let i = 0; i < ROUNDS; i++) {
    if (base && i % 2 === 1) theirs.push(round(base.root));
    const r = round('.');
    database = r.database;
    ours.push(r);
    if (base && i % 2 === 0) theirs.push(round(base.root));
  }
} finally {
  base?.remove();
}
const where = fleet ? `a fleet of ${instances} behind nginx (${instances} instances of the server on one ${database} database, over HTTP)` : database;
console.log(`50 sessions at once on ${where}, median of ${ROUNDS} rounds${!fleet && process.env.BENCH_DRAIN ? ', waiting for the outbox after each answer' : ''}; load average ${loadBefore} before, ${load()} after`);
const now = summary(ours);
const then = base ? summary(theirs) : undefined;
const side = (row: { p50: number; p99: number; cpu: number }) => `${row.p50} / ${row.p99} ms, CPU ${row.cpu} ms`.padStart(30);
console.log(`${'step'.padEnd(14)} ${'n'.padStart(4)}  ${(fleet ? `fleet of ${instances} p50 / p99` : 'this tree p50 / p99').padStart(30)}${then ? `  ${`${against!.slice(0, 10)} p50 / p99`.padStart(30)}` : ''}`);
for (const [i, row] of now.entries()) {
  const old = then?.find((r) => r.label === row.label) ?? then?.[i];
  console.log(`${row.label.padEnd(14)} ${String(row.n).padStart(4)}  ${side(row)}${old ? `  ${side(old)}` : ''}`);
}
if (fleet) {
  // The split shows the balancer sharing the work; each instance's median over the rounds.
  const each = Array.from({ length: instances }, (_, i) => Math.round(median(ours.map((r) => Object.values(r.cpuEach ?? {}).reduce((sum, ms) => sum + (ms[i] ?? 0), 0)))));
  console.log(`goal: p99 <= 300 ms a step. CPU: the ${instances} instances' summed, for all fifty of the step (nginx and PostgreSQL not counted); every step, instance by instance: ${each.join(' / ')} ms`);
} else {
  console.log('goal: p99 <= 300 ms a step. CPU: the server process, for all fifty of the step (a neighbour\'s load disturbs it far less than the times)');
}
