import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNpm } from '../support/npm-start';
import { describeMemory, processTreeMemory } from '../support/process-memory';

/**
 * npm run bench start: how long the real `npm start` takes from its launch to a /healthz that
 * answers, with a warm build (the PWA and the server already built, the database already
 * migrated and seeded by an untimed first start), and what its processes hold in memory
 * once up. Median of BENCH_RUNS (5) starts, every start listed. Goal: under a second.
 */
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
} finally {
  closeSync(log);
  rmSync(dataDir, { recursive: true, force: true });
}
