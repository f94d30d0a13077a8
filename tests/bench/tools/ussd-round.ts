import { randomUUID } from 'node:crypto';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { now } from '../../src/server/platform/db';
import { startTestServer } from '../support/server';

/**
 * npm run bench ussd: each USSD step's latency with 50 sessions at once, every one buying and
 * paying on the sandbox prompt through the real endpoint in-process (SQLite, or PostgreSQL with
 * DATABASE_URL). Goal: p99 <= 300 ms a step (the gateways give up after a few seconds).
 */
const SESSIONS = 50;
const server = await startTestServer();
const db = server.deps.db;
const seller = await db.selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
const name = `Bench yam ${randomUUID().slice(0, 4)}`;
await db.transaction().execute(async (trx) => {
  const at = now();
  await trx.insertInto('products').values({
    seller_id: seller.id, name, description: 'Bench', price_minor: 1_000, category: 'Tubers', condition: 'standard', region: 'Ashanti',
    stock_quantity: 10_000, is_active: 1, is_featured: 0, discount_percentage: null, old_price_minor: null, version: await nextCatalogueVersion(trx), created_at: at, updated_at: at,
  }).execute();
});

const steps = new Map<string, number[]>();
async function session(i: number) {
  const phone = `+23324${String(1_000_000 + i).padStart(7, '0')}`;
  const sessionId = randomUUID();
  const answers: string[] = [];
  const press = async (label: string, input?: string) => {
    if (input !== undefined) answers.push(input);
    const body = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber: phone, networkCode: '62001', text: answers.join('*') }).toString();
    const started = performance.now();
    const res = await server.call('/ussd/africastalking', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const text = await res.text();
    steps.set(label, [...(steps.get(label) ?? []), performance.now() - started]);
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${text}`);
    return text;
  };
  const pick = (screen: string, words: string) => screen.split('\n').find((l) => l.includes(words))?.split('.')[0] ?? '0';
  await press('dial');
  let screen = await press('buy', '1');
  while (!screen.includes('Ashanti')) screen = await press('region page', '98');
  screen = await press('region', pick(screen, 'Ashanti'));
  screen = await press('category', pick(screen, 'Tubers'));
  await press('listing', pick(screen, name.slice(0, 14)));
  await press('quantity', '1');
  await press('warehouse', '1');
  screen = await press('confirm (order + charge)', '1');
  if (!screen.includes('SANDBOX')) throw new Error(`no prompt: ${screen}`);
  screen = await press('approve (settle)', '1');
  if (!screen.includes('Paid')) throw new Error(`not paid: ${screen}`);
}

const started = performance.now();
await Promise.all(Array.from({ length: SESSIONS }, (_, i) => session(i)));
const total = performance.now() - started;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
console.log(`${SESSIONS} sessions at once on ${server.schema ? 'PostgreSQL' : 'SQLite'}, ${Math.round(total)} ms in all`);
const all: number[] = [];
for (const [label, times] of steps) {
  times.sort((a, b) => a - b);
  all.push(...times);
  console.log(`${label.padEnd(26)} n=${String(times.length).padStart(3)}  p50 ${Math.round(pct(times, 50))} ms  p99 ${Math.round(pct(times, 99))} ms`);
}
all.sort((a, b) => a - b);
console.log(`${'every step'.padEnd(26)} n=${String(all.length).padStart(3)}  p50 ${Math.round(pct(all, 50))} ms  p99 ${Math.round(pct(all, 99))} ms (goal p99 <= 300 ms)`);
await server.close();
