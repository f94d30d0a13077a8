import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { ledgerForBench, post } from '../../src/server/modules/ledger/post';
import { runPayouts } from '../../src/server/modules/payouts/job';
import { now } from '../../src/server/platform/db';
import { createLogger } from '../../src/server/platform/logging';
import { startFakePaystack } from '../support/fake-paystack';
import { sessionToken } from '../support/session';

/**
 * npm run bench money (docs/performance.md, "Money"):
 * 1. a payout run for SELLERS (10,000) sellers, each with GH₵ 50.00 available and a mobile-money
 *    account past its hold, against the fake Paystack (recipients, transfers; goal: under a minute);
 * 2. checkout + payment (POST /shop/checkout, then the sandbox approve that settles the order and
 *    writes its escrow entries) in process, ORDERS a side, the ledger on and off in alternating
 *    rounds; p50 and p99 of the pair (goal: p99 grows by less than 10 %).
 * SQLite by default; BENCH_DATABASE_URL=postgres://… runs both on PostgreSQL (a schema of its own).
 */
const SELLERS = Number(process.env.BENCH_SELLERS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 800);
const ROUNDS = 4;

async function server(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-bench-money-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'demo', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  config.staticDir = undefined;
  const schema = databaseUrl ? `bench_${Date.now().toString(36)}` : undefined;
  const { deps, close } = await createDeps(config, createLogger('silent'), schema);
  return {
    deps,
    app: createApp(deps),
    async close() {
      if (schema) await deps.db.schema.dropSchema(schema).ifExists().cascade().execute().catch(() => undefined);
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function payoutRun() {
  const paystack = await startFakePaystack();
  paystack.transferResult = 'success';
  const s = await server({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.baseUrl });
  const db = s.deps.db;
  const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  for (let start = 0; start < SELLERS; start += 500) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(SELLERS, start + 500); i++) {
        const at = now();
        const { id } = await trx
          .insertInto('users')
          .values({ email: `bench-seller-${i}@akuafo.bench`, password_hash: 'x', first_name: 'Bench', last_name: `Seller ${i}`, phone: null, user_type: 'SELLER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('seller_profiles')
          .values({ user_id: id, business_name: `Bench Farm ${i}`, business_description: null, business_type: 'FARM', business_address: null, business_region: 'Ashanti', ghana_card_number: null, bank_account_name: `Bench Farm ${i}`, bank_account_number: `024${String(i).padStart(7, '0')}`, payout_type: 'MOBILE_MONEY', payout_network: 'MTN', payout_account_changed_at: longAgo, verification_status: 'VERIFIED', commission_rate_bp: 500, created_at: at, updated_at: at })
          .execute();
        await post(trx, { key: `bench:opening:${id}`, kind: 'bench.opening', memo: 'Bench opening balance', legs: [{ account: 'provider_clearing', debit: 5_000 }, { account: 'seller_available', sellerId: id, credit: 5_000 }] });
      }
    });
  }
  const started = performance.now();
  const run = await runPayouts({ ...s.deps, logger: { ...s.deps.logger, debug: () => undefined } as never });
  const seconds = (performance.now() - started) / 1000;
  console.log(`payout run, ${SELLERS} sellers (${s.deps.dialect}, fake Paystack): ${seconds.toFixed(1)} s; created ${run.created}, sent ${run.sent}, errors ${run.errors}; transfers at the fake: ${paystack.transfers.size}`);
  await s.close();
  await paystack.close();
}

async function checkoutCost() {
  const s = await server();
  const db = s.deps.db;
  const warehouse = (await db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const product = (await db.selectFrom('products').select('id').where('category', '=', 'Tubers').orderBy('id').executeTakeFirstOrThrow()).id;
  await db.updateTable('products').set({ stock_quantity: 1_000_000 }).where('id', '=', product).execute();
  // Each buyer from an address of their own, as real buyers are (checkouts are limited per address).
  const call = (path: string, token: string, address: string, json?: unknown) =>
    s.app.request(`http://bench.local/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(json ?? {}) });
  const timings: Record<'on' | 'off', number[]> = { on: [], off: [] };
  let n = 0;
  for (let round = 0; round < ROUNDS * 2; round++) {
    const side = round % 2 === 0 ? 'on' : 'off';
    ledgerForBench.off = side === 'off';
    for (let i = 0; i < ORDERS / ROUNDS; i++) {
      n += 1;
      const at = now();
      const { id } = await db.insertInto('users').values({ email: `bench-buyer-${n}@akuafo.bench`, password_hash: 'x', first_name: 'Esi', last_name: 'Bench', phone: null, user_type: 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      const { token } = await sessionToken(s, id);
      await db.insertInto('cart_items').values({ user_id: id, product_id: product, quantity: 1, created_at: at, updated_at: at }).execute();
      const address = `203.0.${Math.floor(n / 250)}.${n % 250}`;
      const wallet = `024${String(n).padStart(7, '0')}`;
      const t0 = performance.now();
      const checkout = await call('/shop/checkout', token, address, { pickupLocationId: warehouse, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: wallet });
      const started = (await checkout.json()) as { data: { reference: string } };
      if (checkout.status !== 201) throw new Error(`checkout answered ${checkout.status}: ${JSON.stringify(started)}`);
      const paid = await call(`/payments/sandbox/${started.data.reference}/approve`, token, address);
      timings[side].push(performance.now() - t0);
      if (paid.status !== 200) throw new Error(`approve answered ${paid.status}`);
    }
  }
  ledgerForBench.off = false;
  const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
  for (const side of ['off', 'on'] as const) {
    console.log(`checkout + pay, ledger ${side}: p50 ${pct(timings[side], 50).toFixed(1)} ms, p99 ${pct(timings[side], 99).toFixed(1)} ms (${timings[side].length} orders, ${s.deps.dialect})`);
  }
  console.log(`p99 with the ledger / without: ${(pct(timings.on, 99) / pct(timings.off, 99)).toFixed(2)}; p50: ${(pct(timings.on, 50) / pct(timings.off, 50)).toFixed(2)}`);
  await s.close();
}

// BENCH_PAYOUT_ONLY=1: only the payout run (to compare two builds side by side).
if (!process.env.BENCH_PAYOUT_ONLY) await checkoutCost();
await payoutRun();
process.exit(0);
