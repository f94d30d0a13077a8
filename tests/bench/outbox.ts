import 'fake-indexeddb/auto';
import { addToCart, cartKind, removeFromCart, setCartQuantity } from '../../src/local/cart';
import { defineOutboxKind, replayOutbox } from '../../src/local/outbox';
import { phoneApi, roomyProducts, seeded, serverCart, signedInPhone } from '../local/outbox-fixtures';
import { startTestServer } from '../support/server';

/**
 * npm run bench outbox: how long the phone takes to drain 200 cart edits queued offline,
 * against the real API in-process (SQLite, fake-indexeddb), once the network is back.
 * As the app does it (moot "set to" intents coalesced), and with every edit sent; each also
 * with 60 ms added per request, roughly a 3G round trip, since entries go one by one.
 */
const EDITS = 200;
const RUNS = 3;
const server = await startTestServer();
const products = await roomyProducts(server, 10);

async function queueEdits(seed: number) {
  const phone = await signedInPhone(server, 'reviewer5@akuafo.demo');
  await server.deps.db.deleteFrom('cart_items').where('user_id', '=', phone.userId).execute();
  const random = seeded(seed);
  const inCart = new Set<number>();
  while ((await phone.db.outbox.count()) < EDITS) {
    const p = products[Math.floor(random() * products.length)];
    if (!inCart.has(p.id)) {
      await addToCart(p, 1, phone.db);
      inCart.add(p.id);
    } else if (random() < 0.15) {
      await removeFromCart(p.id, phone.db);
      inCart.delete(p.id);
    } else {
      await setCartQuantity(p.id, 1 + Math.floor(random() * 20), phone.db);
    }
  }
  return phone;
}

async function drain(label: string, latencyMs: number) {
  const times: number[] = [];
  let requests = 0;
  for (let run = 0; run < RUNS; run++) {
    const phone = await queueEdits(run + 1);
    const slow: typeof fetch = async (input, init) => {
      if (latencyMs) await new Promise((r) => setTimeout(r, latencyMs));
      return server.fetch(input, init);
    };
    const started = performance.now();
    const result = await replayOutbox(phoneApi(server, phone.db, slow), phone.db);
    times.push(performance.now() - started);
    if (result.sent + result.coalesced !== EDITS || (await phone.db.outbox.count()) !== 0) throw new Error(`drain incomplete: ${JSON.stringify(result)}`);
    requests = result.sent;
    const local = (await phone.db.cart.toArray()).map((l) => `${l.productId}:${l.quantity}`).sort();
    const remote = (await serverCart(server, phone.token)).items.map((i) => `${i.productId}:${i.quantity}`).sort();
    if (JSON.stringify(local) !== JSON.stringify(remote)) throw new Error('server cart differs from the phone');
    phone.db.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${label}: median ${Math.round(median)} ms for ${EDITS} edits in ${requests} requests; runs ${times.map((t) => Math.round(t)).join(', ')} ms`);
}

await drain('Drain 200 queued cart edits, in-process server', 0);
await drain('Drain 200 queued cart edits, +60 ms per request', 60);
// The same without coalescing: every edit goes to the server.
defineOutboxKind({ ...cartKind, supersedes: () => false });
await drain('Every edit sent, in-process server', 0);
await drain('Every edit sent, +60 ms per request', 60);
await server.close();
