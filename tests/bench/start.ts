import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNpm } from '../support/npm-start';
import { describeMemory, processTreeMemory } from '../support/process-memory';
import { sendMixedRequests } from './tools/mixed-requests';
import { printBudgets, type Budget } from './tools/budgets';

/**
 * npm run bench start: how long the real `npm start` takes from its launch to a /healthz that
 * answers, with a warm build (the PWA and the server already built, the database already
 * migrated and seeded by an untimed first start), and what its processes hold in memory
 * once up. Median of BENCH_RUNS (5) starts, every start listed. Goal: under a second.
 * Then the server's resident memory after 2,000 mixed requests (tools/mixed-requests.ts), for
 * each number of SQLite reader threads in BENCH_READERS (default: the server's default only, as
 * SQLITE_READERS leaves it). Goal (issue 38): at most 160 MB, readers included. Both goals in
 * one table with pass or fail (tools/budgets.ts).
 */
const START_GOAL_MS = 1000;
const MEMORY_GOAL_MB = 160;
const MIXED_REQUESTS = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-bench-start-'));
const log = openSync(join(dataDir, 'server.log'), 'a');
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DRAIN_DELAY_MS: '0' };
const budgets: Budget[] = [];

/** Of a process's resident memory, the part that is its own (heaps, stacks), not mapped files (node's binary, libraries, the database). */
function anonymousMb(pid: number): number {
  try {
    return Number(/^Anonymous:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN; // not Linux, or gone
  }
}

try {
  await (await startNpm(env, log)).stop(); // builds what is stale, migrates and seeds: not timed
  const times: number[] = [];
  let memory = '';
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const app = await startNpm(env, log);
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 1000)); // settled: the first jobs have run
    memory = describeMemory(processTreeMemory(app.child.pid!));
    await app.stop();
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  console.log(`npm start to a /healthz answer, warm build: median ${Math.round(median)} ms (${times.map((t) => Math.round(t)).join(', ')} ms)`);
  budgets.push({ figure: 'npm start to a /healthz answer, median', value: median, unit: 'ms', max: START_GOAL_MS });
  console.log(`Resident memory once up, idle: ${memory}`);
  const readerCounts = process.env.BENCH_READERS ? process.env.BENCH_READERS.split(',') : [undefined];
  for (const readers of readerCounts) {
    const app = await startNpm({ ...env, SQLITE_READERS: readers }, log);
    const { failed } = await sendMixedRequests(app.baseUrl, MIXED_REQUESTS);
    await new Promise((r) => setTimeout(r, 1000));
    const server = processTreeMemory(app.child.pid!).find((p) => p.command.includes('dist-server/start.js'));
    const anonymous = server ? anonymousMb(server.pid) : NaN;
    await app.stop();
    const rss = server?.rssMb ?? NaN;
    const readersNamed = readers ? `SQLITE_READERS=${readers}` : 'default readers';
    console.log(
      `Server resident after ${MIXED_REQUESTS.toLocaleString('en')} mixed requests (${failed} failed), ${readersNamed}: ` +
        `${Math.round(rss)} MB, of which ${Math.round(anonymous)} MB its own (anonymous), the rest mapped files`,
    );
    budgets.push({ figure: `resident after ${MIXED_REQUESTS.toLocaleString('en')} mixed requests, ${readersNamed}`, value: rss, unit: 'MB', max: MEMORY_GOAL_MB });
  }
  printBudgets('Goals (npm start on the demo, SQLite)', budgets);
  console.log(`Machine load average (1 min) at the end: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs`);
} finally {
  closeSync(log);
  rmSync(dataDir, { recursive: true, force: true });
}
