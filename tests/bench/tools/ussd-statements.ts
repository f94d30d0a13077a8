import BetterSqlite3 from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { startTestServer } from '../../support/server';

/**
 * npx tsx tests/bench/tools/ussd-statements.ts: one USSD caller buys and pays on SQLite, and
 * every statement each step runs is printed (write statements marked W), to see what a step costs.
 */
// Every statement run, prepared afresh or kept (statement-cache.ts): its SQL is `source`.
type Run = (this: { source: string }, ...args: unknown[]) => unknown;
const statementProto = Object.getPrototypeOf(new BetterSqlite3(':memory:').prepare('select 1')) as Record<'run' | 'all' | 'get' | 'iterate', Run>;
let log: string[] | undefined;
for (const method of ['run', 'all', 'get', 'iterate'] as const) {
  const original = statementProto[method];
  statementProto[method] = function (...args) {
    log?.push(this.source.replace(/\s+/g, ' ').slice(0, 160));
    return original.apply(this, args);
  };
}
const server = await startTestServer();
const sessionId = randomUUID();
const answers: string[] = [];
async function press(label: string, input?: string) {
  if (input !== undefined) answers.push(input);
  log = [];
  const body = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber: '+233241000001', networkCode: '62001', text: answers.join('*') }).toString();
  const res = await server.app.request('http://test.local/api/v1/ussd/africastalking', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const screen = await res.text();
  const ran = log;
  log = undefined;
  const writes = ran.filter((s) => /^(insert|update|delete)/i.test(s)).length;
  console.log(`\n== ${label}: ${ran.length} statements, ${writes} writes`);
  if (process.argv.includes('--all') || /confirm|approve/.test(label)) for (const s of ran) console.log(`  ${/^(insert|update|delete)/i.test(s) ? 'W' : ' '} ${s}`);
  await server.deps.messages.drain();
  return screen;
}
const pick = (screen: string, words: string) => screen.split('\n').find((l) => l.includes(words))?.split('.')[0] ?? '1';
await press('dial');
let screen = await press('buy', '1');
while (!screen.includes('Ashanti')) screen = await press('region page', '98');
screen = await press('region', pick(screen, 'Ashanti'));
await press('category', pick(screen, 'Grains'));
await press('listing', '1');
await press('quantity', '1');
await press('warehouse', '1');
await press('confirm', '1');
console.log(`\n${await press('approve', '1')}`);
await server.close();
