import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { deliveryOf, metaSignature, startFakeWhatsApp } from '../support/fake-whatsapp';
import { startTestServer } from '../support/server';
import { printBudgets } from './tools/budgets';

/**
 * npm run bench whatsapp (issue 42): the webhook's answer time and the time until the reply
 * reaches the Cloud API (the local fake, tests/support/fake-whatsapp.ts), over real HTTP, with
 * CHATS numbers chatting at once, each sending MESSAGES messages, waiting for each reply and then
 * THINK_MS (± half) as a person reads and taps: 20 chats make about 30 messages a second, a busy
 * hour's peak for one instance. The bench's client, the fake and the server share one process (as
 * the USSD bench), so what the client sees includes its own share of the CPU; the goal is held
 * to the server's own time on each webhook, from the request reaching the app to its answer. The message worker and the
 * answering queue run as in `npm start`. Goals: the
 * webhook answers within 50 ms (p99) and the reply is sent within 1 s (p99). SQLite, or
 * PostgreSQL with DATABASE_URL.
 */
const CHATS = Number(process.env.BENCH_CHATS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 12);
const SECRET = 'bench-app-secret';
/** What a person types and taps in turn: the menu, prices, back to the menu, a search. */
const SAYINGS = ['hi', '3', 'maize', 'menu', '1', 'aburow', 'menu', '4', 'hi', '2', 'menu', 'hello'];

const fake = await startFakeWhatsApp();
const server = await startTestServer({ env: { WHATSAPP_VERIFY_TOKEN: 'bench', WHATSAPP_APP_SECRET: SECRET, WHATSAPP_TOKEN: fake.token, WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId, WHATSAPP_API_URL: fake.apiUrl } });
server.deps.messages.start();
/** The server's own time on each webhook: from its request reaching the app to the answer, as the instance's access log counts it. */
const served: number[] = [];
const http = serve({
  fetch: async (request: Request) => {
    const start = performance.now();
    const response = await server.app.fetch(request);
    if (request.method === 'POST') served.push(performance.now() - start);
    return response;
  },
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise<void>((resolve) => http.once('listening', resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/v1/whatsapp/webhook`;

const answers: number[] = [];
const replies: number[] = [];
const sentTo = (to: string) => fake.sent.filter((m) => m.to === to).length;

async function chatter(n: number) {
  const from = `23324${String(5_000_000 + n).padStart(7, '0')}`;
  for (let i = 0; i < MESSAGES; i++) {
    const body = JSON.stringify(deliveryOf(from, SAYINGS[i % SAYINGS.length]!));
    const before = sentTo(from);
    const start = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, SECRET) }, body });
    await res.text();
    answers.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`);
    while (sentTo(from) === before) {
      if (performance.now() - start > 10_000) throw new Error(`no reply to ${from} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    replies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
  }
}

// A first chat warms the statements and the JIT, as a running server's would be.
await chatter(CHATS + 1);
answers.length = 0;
replies.length = 0;
served.length = 0;
await Promise.all(Array.from({ length: CHATS }, (_, n) => chatter(n)));

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
console.log(`${CHATS} chats at once, ${MESSAGES} messages each (${answers.length} messages), ${THINK_MS} ms to read and tap, ${database}`);
console.log(`  webhook answer, the server's time      p50 ${pct(served, 50).toFixed(1)} ms  p99 ${pct(served, 99).toFixed(1)} ms`);
console.log(`  webhook answer, as the client saw it  p50 ${pct(answers, 50).toFixed(1)} ms  p99 ${pct(answers, 99).toFixed(1)} ms (the client shares this process)`);
console.log(`  reply sent to the fake Cloud API      p50 ${pct(replies, 50).toFixed(1)} ms  p99 ${pct(replies, 99).toFixed(1)} ms`);
printBudgets(`WhatsApp budgets (issue 42, ${database})`, [
  { figure: "webhook answer (the server's time), p99", value: pct(served, 99), unit: 'ms', max: 50 },
  { figure: 'reply sent to the Cloud API, p99', value: pct(replies, 99), unit: 'ms', max: 1000 },
]);

await server.deps.messages.stop();
await new Promise<void>((resolve) => http.close(() => resolve()));
await server.close();
await fake.close();
process.exit(0);
