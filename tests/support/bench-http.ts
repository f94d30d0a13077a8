import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** Load generation shared by the benches that compare a route of ours with a bare one. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
export const ROUNDS = 3;
export const CONNECTIONS = 50;

export interface Side {
  rps: number;
  p99: number;
  failures: number;
}

async function load(url: string, seconds: number): Promise<Side> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
  return { rps: result.requests.average, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

/** Both sides in turns; each side's median turn. */
export async function sideBySide(ours: string, theirs: string, seconds = SECONDS, rounds = ROUNDS): Promise<[Side, Side]> {
  const a: Side[] = [];
  const b: Side[] = [];
  for (let round = 0; round < rounds; round++) {
    a.push(await load(ours, seconds));
    b.push(await load(theirs, seconds));
  }
  const median = (sides: Side[]): Side => {
    const at = (pick: (s: Side) => number) => sides.map(pick).sort((x, y) => x - y)[Math.floor(sides.length / 2)];
    return { rps: at((s) => s.rps), p99: at((s) => s.p99), failures: sides.reduce((n, s) => n + s.failures, 0) };
  };
  return [median(a), median(b)];
}

/** The bare yardstick in its own process, so it does not share a CPU with autocannon. */
export async function startBare(bodies: Record<string, string>, dir: string) {
  const file = join(dir, 'bare-bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/bare-server.ts', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') };
}

