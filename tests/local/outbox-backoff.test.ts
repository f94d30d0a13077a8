import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../src/local/cart';
import type { AkuafoDb } from '../../src/local/db';
import { MAX_DELAY_MS, backoffDelay, startOutboxReplayer, type ReplayerHandle } from '../../src/local/replayer';
import type { Product } from '../../src/shared/schemas/catalogue';
import { startTestServer, type TestServer } from '../support/server';
import { phoneApi, roomyProducts, serverCart, signedInPhone } from './outbox-fixtures';

describe('backoffDelay', () => {
  it('is 1 s, then doubles, and stops at 5 min', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50, 1000].map((n) => backoffDelay(n, none))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 300000, 300000, 300000,
    ]);
    expect(backoffDelay(0, none)).toBe(1000);
  });

  it('jitters down by up to a quarter and never waits longer than 5 min', () => {
    expect(backoffDelay(1, () => 0.999999)).toBe(750);
    expect(backoffDelay(3, () => 0.5)).toBe(3500);
    for (let failures = 1; failures < 40; failures++) {
      for (const r of [0, 0.3, 0.7, 0.999]) {
        const d = backoffDelay(failures, () => r);
        expect(d).toBeGreaterThanOrEqual(750);
        expect(d).toBeLessThanOrEqual(MAX_DELAY_MS);
      }
    }
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(6)));
    expect(spread.size).toBeGreaterThan(10);
  });
});

describe('the replayer', () => {
  let server: TestServer;
  let products: Product[];
  let db: AkuafoDb;
  let token: string;
  let replayer: ReplayerHandle | undefined;
  // Node has no window: give globalThis the events the browser would fire.
  const events = new EventTarget();
  const g = globalThis as unknown as EventTarget;

  beforeAll(async () => {
    server = await startTestServer();
    products = await roomyProducts(server, 2);
    Object.assign(globalThis, {
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      dispatchEvent: events.dispatchEvent.bind(events),
    });
  });
  afterAll(async () => {
    for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent']) delete (globalThis as Record<string, unknown>)[name];
    await server.close();
  });
  afterEach(() => replayer?.stop());

  const until = async (check: () => Promise<boolean>, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('retries after 1 s, then 2 s, until the network is back', async () => {
    ({ db, token } = await signedInPhone(server, 'reviewer3@akuafo.demo'));
    await addToCart(products[0], 1, db);
    const attempts: number[] = [];
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') attempts.push(Date.now());
      if (attempts.length <= 2) throw new TypeError('Failed to fetch');
      return server.fetch(request);
    };
    replayer = startOutboxReplayer(phoneApi(server, db, flaky), { db, random: () => 0 });
    await until(async () => (await db.outbox.count()) === 0, 6000);
    expect(attempts).toHaveLength(3);
    const [first, second] = [attempts[1] - attempts[0], attempts[2] - attempts[1]];
    expect(first).toBeGreaterThanOrEqual(990);
    expect(first).toBeLessThan(1600);
    expect(second).toBeGreaterThanOrEqual(1990);
    expect(second).toBeLessThan(2700);
    expect((await serverCart(server, token)).items).toHaveLength(1);
  });

  it("sends at once on 'online' instead of waiting out the backoff, and on enqueue", async () => {
    ({ db, token } = await signedInPhone(server, 'reviewer4@akuafo.demo'));
    let online = false;
    const network: typeof fetch = async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return server.fetch(new Request(input, init));
    };
    await addToCart(products[0], 1, db);
    replayer = startOutboxReplayer(phoneApi(server, db, network), { db, random: () => 0 });
    await until(async () => (await db.outbox.toArray())[0]?.attempts === 1);
    online = true;
    const back = Date.now();
    g.dispatchEvent(new Event('online'));
    await until(async () => (await db.outbox.count()) === 0, 900);
    expect(Date.now() - back).toBeLessThan(900);

    await addToCart(products[1], 2, db); // enqueue announces itself: the replayer sends it
    await until(async () => (await db.outbox.count()) === 0, 900);
    expect((await serverCart(server, token)).items.map((i) => i.quantity)).toEqual([1, 2]);
  });

  it('does nothing more once stopped', async () => {
    ({ db } = await signedInPhone(server, 'reviewer5@akuafo.demo'));
    let calls = 0;
    const down: typeof fetch = async () => {
      calls += 1;
      throw new TypeError('Failed to fetch');
    };
    await addToCart(products[0], 1, db);
    replayer = startOutboxReplayer(phoneApi(server, db, down), { db, random: () => 0 });
    await until(async () => calls === 1);
    replayer.stop();
    g.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 1300));
    expect(calls).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });
});
