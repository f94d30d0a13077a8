import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { nextCatalogueVersion } from '../../../src/server/platform/db/catalogue-versions';
import { now } from '../../../src/server/platform/db';
import { startTestServer } from '../../support/server';

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

const server = await startTestServer();
const db = server.deps.db;
server.deps.messages.start();
const seller = await db.selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
const name = `Bench yam ${randomUUID().slice(0, 4)}`;
await db.transaction().execute(async (trx) => {
  const at = now();
  await trx.insertInto('products').values({
    seller_id: seller.id, name, description: 'Bench', price_minor: 1_000, category: 'Tubers', condition: 'standard', region: 'Ashanti',
    stock_quantity: 10_000, is_active: 1, is_featured: 0, discount_percentage: null, old_price_minor: null, version: await nextCatalogueVersion(trx), created_at: at, updated_at: at,
  }).execute();
});
function caller(i: number) {
  const phone = `+23324${String(1_000_000 + i).padStart(7, '0')}`;
  const sessionId = randomUUID();
  const answers: string[] = [];
  return async (input?: string) => {
    if (input !== undefined) answers.push(input);
    const body = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber: phone, networkCode: '62001', text: answers.join('*') }).toString();
    const res = await server.app.request('http://test.local/api/v1/ussd/africastalking', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${text}`);
    return text;
  };
}
const pick = (screen: string, words: string) => screen.split('\n').find((l) => l.includes(words))?.split('.')[0] ?? '0';
const callers = Array.from({ length: SESSIONS }, (_, i) => caller(i));
await Promise.all(callers.map(async (press) => {
  await press();
  let screen = await press('1');
  while (!screen.includes('Ashanti')) screen = await press('98');
  screen = await press(pick(screen, 'Ashanti'));
  screen = await press(pick(screen, 'Tubers'));
  await press(pick(screen, name.slice(0, 14)));
  await press('1');
  await press('1');
}));

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
