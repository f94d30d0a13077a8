import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNpm } from '../support/npm-start';
import { describeMemory, processTreeMemory } from '../support/process-memory';
import { sendMixedRequests } from './tools/mixed-requests';

/**
 * npm run bench start: how long the real `npm start` takes from its launch to a /healthz that
 * answers, with a warm build (the PWA and the server already built, the database already
 * migrated and seeded by an untimed first start), and what its processes hold in memory
 * once up. Median of BENCH_RUNS (5) starts, every start listed. Goal: under a second.
 * Then the server's resident memory after 2,000 mixed requests (tools/mixed-requests.ts), for
 * each number of SQLite reader threads in BENCH_READERS (default: the server's default only, as
 * SQLITE_READERS leaves it). Goal (issue 38): at most 160 MB, readers included.
 */
const MEMORY_GOAL_MB = 160;
const MIXED_REQUESTS = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-bench-start-'));
const log = openSync(join(dataDir, 'server.log'), 'a');
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DRAIN_DELAY_MS: '0' };
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
  console.log(`Resident memory once up, idle: ${memory}`);
  const readerCounts = process.env.BENCH_READERS ? process.env.BENCH_READERS.split(',') : [undefined];
  for (const readers of readerCounts) {
    const app = await startNpm({ ...env, SQLITE_READERS: readers }, log);
    const { failed } = await sendMixedRequests(app.baseUrl, MIXED_REQUESTS);
    await new Promise((r) => setTimeout(r, 1000));
    const server = processTreeMemory(app.child.pid!).find((p) => p.command.includes('dist-server/start.js'));
    await app.stop();
    const rss = server?.rssMb ?? NaN;
    console.log(
      `Server resident after ${MIXED_REQUESTS.toLocaleString('en')} mixed requests (${failed} failed), ${readers ? `SQLITE_READERS=${readers}` : 'default readers'}: ` +
        `${Math.round(rss)} MB (goal <= ${MEMORY_GOAL_MB} MB: ${rss <= MEMORY_GOAL_MB ? 'pass' : 'FAIL'})`,
    );
  }
} finally {
  closeSync(log);
  rmSync(dataDir, { recursive: true, force: true });
}
