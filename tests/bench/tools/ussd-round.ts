import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { nextCatalogueVersion } from '../../../src/server/platform/db/catalogue-versions';
import { now, type Db } from '../../../src/server/platform/db';
import { startTestServer } from '../../support/server';

/**
 * One round of `npm run bench ussd` (tests/bench/ussd.ts runs it in turns, for this tree and for
 * an older commit's): 50 sessions at once, every one buying and paying on the sandbox prompt
 * through the real endpoint in-process (SQLite, or PostgreSQL with DATABASE_URL). Each step of
 * all fifty is sent together, and the next when all fifty have their answer (the worst case:
 * real callers think between keys). Prints {"steps": {label: [ms…]}, "cpu": {label: ms}} as its
 * last line: each answer's time, and the CPU time the server process spent on each step's fifty
 * (the outbox's share included), which a neighbour's load on a shared machine disturbs far less.
 *
 * A step's time is the HTTP answer, as the gateway waits for it; the message outbox runs in the
 * background as in `npm start` (main.ts starts it, each request wakes it), so its work shares the
 * CPU but is not waited for. `--drain` instead waits for the outbox after every answer, as the
 * tests' server.call does (how this bench measured before 2026-11-24's second run).
 *
 * tools/ussd-fleet-round.ts drives the same fifty through nginx to a fleet with `addBenchListing`
 * and `driveFifty` from here.
 */
// It stands alone (its own listing and callers, like tools/ussd-fifty.ts's): BENCH_AGAINST copies only
// this file into an older commit's worktree, where no shared helper of today's would exist.
const SESSIONS = 50;

/** A listing filed under a commodity, as the demo's are, so each payment feeds the price index. Returns its name. */
export async function addBenchListing(db: Db): Promise<string> {
  const commodity = await db.selectFrom('commodities').select('id').where('id', '=', 'yam-tuber').executeTakeFirst();
  const seller = await db.selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
  const name = `Bench yam ${randomUUID().slice(0, 4)}`;
  await db.transaction().execute(async (trx) => {
    const at = now();
    await trx.insertInto('products').values({
      seller_id: seller.id, name, description: 'Bench', price_minor: 1_000, category: 'Tubers', condition: 'standard', region: 'Ashanti',
      stock_quantity: 10_000, is_active: 1, is_featured: 0, discount_percentage: null, old_price_minor: null, version: await nextCatalogueVersion(trx), created_at: at, updated_at: at,
      commodity_id: commodity?.id ?? null,
    }).execute();
  });
  return name;
}

/** Each step's answer times, and the CPU each server process spent on the step's fifty (ms). */
export type RoundFigures = { steps: Record<string, number[]>; cpu: Record<string, number>; cpuEach: Record<string, number[]> };

/**
 * Fifty callers buy `listing` and approve the sandbox's prompt, step by step. `post` sends one
 * callback's form body to the USSD endpoint; `cpuClock` reads each server process's CPU time so
 * far (ms), read before and after each step.
 */
export async function driveFifty(post: (body: string) => Promise<Response>, listing: string, cpuClock: () => number[]): Promise<RoundFigures> {
  const figures: RoundFigures = { steps: {}, cpu: {}, cpuEach: {} };
  function caller(i: number) {
    const phone = `+23324${String(1_000_000 + i).padStart(7, '0')}`;
    const sessionId = randomUUID();
    const answers: string[] = [];
    const caller = {
      screen: '',
      async press(label: string, input?: string) {
        if (input !== undefined) answers.push(input);
        const body = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber: phone, networkCode: '62001', text: answers.join('*') }).toString();
        const started = performance.now();
        const res = await post(body);
        caller.screen = await res.text();
        (figures.steps[label] ??= []).push(performance.now() - started);
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${caller.screen}`);
      },
    };
    return caller;
  }
  const callers = Array.from({ length: SESSIONS }, (_, i) => caller(i));
  const pick = (screen: string, words: string) => screen.split('\n').find((l) => l.includes(words))?.split('.')[0] ?? '0';
  /** One step of every session, sent together; the next starts when all fifty have their answer. */
  async function step(label: string, input: (screen: string) => string | undefined) {
    const before = cpuClock();
    await Promise.all(callers.map((c) => c.press(label, input(c.screen))));
    const used = cpuClock().map((ms, i) => ms - before[i]!);
    figures.cpuEach[label] = used.map((ms, i) => (figures.cpuEach[label]?.[i] ?? 0) + ms);
    figures.cpu[label] = (figures.cpu[label] ?? 0) + used.reduce((a, b) => a + b, 0);
  }
  await step('dial', () => undefined);
  await step('buy', () => '1');
  while (!callers[0]!.screen.includes('Ashanti')) await step('region page', () => '98');
  await step('region', (screen) => pick(screen, 'Ashanti'));
  await step('category', (screen) => pick(screen, 'Tubers'));
  await step('listing', (screen) => pick(screen, listing.slice(0, 14)));
  await step('quantity', () => '1');
  await step('warehouse', () => '1');
  await step('confirm', () => '1');
  if (!callers.every((c) => c.screen.includes('SANDBOX'))) throw new Error(`no prompt: ${callers[0]!.screen}`);
  await step('approve', () => '1');
  if (!callers.every((c) => c.screen.includes('Paid'))) throw new Error(`not paid: ${callers[0]!.screen}`);
  return figures;
}

/** The round in-process: this process is the server, so its own CPU time is the server's. */
async function inProcessRound() {
  const drainEach = process.argv.includes('--drain');
  const server = await startTestServer();
  if (!drainEach) server.deps.messages.start();
  // The price index's fold job, as main.ts starts it (trees before it have none: they fold in the payment).
  const priceIndex = await import('../../../src/server/modules/market-prices/index-update');
  if ('startPriceIndexJob' in priceIndex) priceIndex.startPriceIndexJob(server.deps);
  const listing = await addBenchListing(server.deps.db);
  const post = (body: string) => {
    const init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
    return drainEach ? server.call('/ussd/africastalking', init) : Promise.resolve(server.app.request('http://test.local/api/v1/ussd/africastalking', init));
  };
  const cpuClock = () => {
    const used = process.cpuUsage();
    return [(used.user + used.system) / 1000];
  };
  const figures = await driveFifty(post, listing, cpuClock);
  await server.deps.messages.stop();
  await server.close();
  console.log(JSON.stringify({ database: server.schema ? 'PostgreSQL' : 'SQLite', ...figures }));
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await inProcessRound();
