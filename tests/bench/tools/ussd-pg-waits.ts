import pg from 'pg';
import { walkToConfirm } from './ussd-fifty';

/**
 * DATABASE_URL=postgres://… npx tsx tests/bench/tools/ussd-pg-waits.ts: where a PostgreSQL step's
 * time goes. 50 USSD sessions walk to the confirm screen together (not measured), then all 50
 * confirm at once, and all 50 approve. For each phase it prints the time spent waiting for a pool
 * connection and, per statement (by its SQL's start), how many ran and their total and longest
 * time from sent to answered: a statement waiting on another transaction's row lock shows up
 * as a long one; `begin`/`commit` include the WAL flush.
 */
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL to a PostgreSQL database');
const SESSIONS = 50;
type Stat = { n: number; total: number; max: number };
let stats: Map<string, Stat> | undefined;
let poolWait: Stat | undefined;
const add = (map: Map<string, Stat>, key: string, ms: number) => {
  const s = map.get(key) ?? { n: 0, total: 0, max: 0 };
  s.n += 1;
  s.total += ms;
  s.max = Math.max(s.max, ms);
  map.set(key, s);
};
type Query = (this: unknown, ...args: unknown[]) => unknown;
const clientProto = pg.Client.prototype as unknown as { query: Query };
const originalQuery = clientProto.query;
clientProto.query = function (...args) {
  const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
  const started = performance.now();
  const result = originalQuery.apply(this, args);
  if (stats && result instanceof Promise) {
    const into = stats;
    void result.then(() => add(into, text.replace(/\s+/g, ' ').slice(0, 110), performance.now() - started), () => undefined);
  }
  return result;
};
const poolProto = pg.Pool.prototype as unknown as { connect: Query };
const originalConnect = poolProto.connect;
poolProto.connect = function (...args) {
  const started = performance.now();
  const result = originalConnect.apply(this, args);
  if (poolWait && result instanceof Promise) {
    const into = poolWait;
    void result.then(() => {
      const ms = performance.now() - started;
      into.n += 1;
      into.total += ms;
      into.max = Math.max(into.max, ms);
    }, () => undefined);
  }
  return result;
};

// Walked to the confirm screen before the patched driver starts counting (stats undefined).
const { server, callers } = await walkToConfirm(SESSIONS);

async function phase(label: string) {
  stats = new Map();
  poolWait = { n: 0, total: 0, max: 0 };
  const times: number[] = [];
  const started = performance.now();
  const screens = await Promise.all(callers.map(async (press) => {
    const t = performance.now();
    const screen = await press('1');
    times.push(performance.now() - t);
    return screen;
  }));
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(`\n== ${label}: ${SESSIONS} at once, ${Math.round(wall)} ms wall, p50 ${Math.round(times[24]!)} ms, max ${Math.round(times.at(-1)!)} ms; first screen: ${screens[0]!.slice(0, 60).replace(/\n/g, ' | ')}`);
  console.log(`  pool connect: ${poolWait.n}, total ${Math.round(poolWait.total)} ms, longest ${Math.round(poolWait.max)} ms`);
  const rows = [...stats].sort((a, b) => b[1].total - a[1].total);
  const statements = rows.reduce((sum, [, s]) => sum + s.n, 0);
  console.log(`  ${statements} statements (${(statements / SESSIONS).toFixed(1)} a step); by total time:`);
  for (const [sql, s] of rows) console.log(`  ${String(s.n).padStart(4)}  ${Math.round(s.total).toString().padStart(6)} ms total  ${Math.round(s.max).toString().padStart(5)} ms max  ${sql}`);
  stats = undefined;
  poolWait = undefined;
}
await phase('confirm');
await phase('approve');
await server.deps.messages.stop();
await server.close();
