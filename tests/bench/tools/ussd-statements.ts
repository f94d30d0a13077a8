import { randomUUID } from 'node:crypto';
import { recordStatements } from '../../support/statements';
import { startTestServer } from '../../support/server';

/**
 * npx tsx tests/bench/tools/ussd-statements.ts [--all]: one USSD caller buys and pays (on
 * PostgreSQL with DATABASE_URL, else SQLite), and every statement each step runs is printed
 * (write statements marked W; on PostgreSQL each is a round trip, begin and commit included).
 */
const recorded = recordStatements();
const server = await startTestServer();
const sessionId = randomUUID();
const answers: string[] = [];
async function press(label: string, input?: string) {
  if (input !== undefined) answers.push(input);
  const from = recorded.texts.length;
  const body = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber: '+233241000001', networkCode: '62001', text: answers.join('*') }).toString();
  const res = await server.app.request('http://test.local/api/v1/ussd/africastalking', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const screen = await res.text();
  const ran = recorded.texts.slice(from).map((text) => text.replace(/\s+/g, ' ').slice(0, 200));
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
recorded.stop();
await server.close();
