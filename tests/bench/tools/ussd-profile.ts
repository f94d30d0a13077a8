import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { walkToConfirm } from './ussd-fifty';

/**
 * npx tsx tests/bench/tools/ussd-profile.ts [out-prefix]: 50 USSD sessions (the outbox running in the
 * background, as in the bench) walk to the confirm
 * screen together (not profiled), then the CPU is profiled while all 50 confirm at once, and
 * again while all 50 approve. Prints each phase's self time by function and by group (statement
 * prepare, query compile, SQLite run, JSON, ...) and writes <prefix>-confirm.cpuprofile and
 * <prefix>-approve.cpuprofile for Chrome's DevTools.
 */
const SESSIONS = 50;
const prefix = process.argv[2] ?? '/tmp/ussd';
const { server, callers } = await walkToConfirm(SESSIONS);

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.setSamplingInterval', { interval: 200 });

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const GROUPS: [string, (n: Node) => boolean][] = [
  ['sqlite prepare', (n) => n.callFrame.functionName === 'prepare' && !n.callFrame.url],
  ['sqlite run/all', (n) => ['run', 'all', 'get'].includes(n.callFrame.functionName) && !n.callFrame.url],
  ['kysely', (n) => n.callFrame.url.includes('/kysely/')],
  ['hono', (n) => n.callFrame.url.includes('/hono/')],
  ['garbage collector', (n) => n.callFrame.functionName === '(garbage collector)'],
  ['idle', (n) => n.callFrame.functionName === '(idle)'],
  ['our code', (n) => n.callFrame.url.includes('/src/')],
];

async function phase(label: string, run: () => Promise<unknown>) {
  await inspector.post('Profiler.start');
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const { profile } = (await inspector.post('Profiler.stop')) as unknown as { profile: Profile };
  writeFileSync(`${prefix}-${label}.cpuprofile`, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byGroup = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const where = n.callFrame.url ? `${n.callFrame.url.replace(/.*\/(node_modules|src)\//, '$1/')}:${n.callFrame.lineNumber + 1}` : '(native)';
    const key = `${n.callFrame.functionName || '(anonymous)'} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const group = GROUPS.find(([, test]) => test(n))?.[0] ?? 'other';
    byGroup.set(group, (byGroup.get(group) ?? 0) + us);
  }
  const pc = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(5)} ms`;
  console.log(`\n== ${label}: ${SESSIONS} at once, ${Math.round(ms)} ms wall, ${Math.round(total / 1000)} ms sampled`);
  for (const [group, us] of [...byGroup].sort((a, b) => b[1] - a[1])) console.log(`  ${pc(us)}  ${group}`);
  console.log('  top functions (self):');
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pc(us)}  ${key}`);
}

await phase('confirm', () => Promise.all(callers.map((press) => press('1'))));
await phase('approve', () => Promise.all(callers.map((press) => press('1'))));
inspector.disconnect();
await server.deps.messages.stop();
await server.close();
