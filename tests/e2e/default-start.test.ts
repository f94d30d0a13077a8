import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { loginViaApi } from '../support/auth';
import { startApp, type RunningApp } from '../support/start-app';
import { e2eServer } from './servers';

/**
 * Issue 21.10, the other half (tests/server/production-config.test.ts is the refusal): the
 * README's `npm install && npm start` on a fresh clone, with no NODE_ENV of the operator's
 * (`npm start` sets one for React itself), still serves the demo with its password and takes
 * payments in the labelled sandbox.
 */
const builtBy = e2eServer().dataDir;
let app: RunningApp;

beforeAll(async () => {
  app = await startApp({
    NODE_ENV: undefined,
    SEED: undefined,
    ALLOW_SANDBOX_PAYMENTS: undefined,
    PAYSTACK_SECRET_KEY: undefined,
    PAYSTACK_PUBLIC_KEY: undefined,
    // The PWA the e2e server just built, so this start need not build it again.
    ...(builtBy ? { STATIC_DIR: join(builtBy, 'dist') } : {}),
  });
});
afterAll(() => app?.stop());

describe('npm start with no NODE_ENV set', () => {
  it('serves the demo catalogue to the README\'s buyer and pays in the sandbox', async () => {
    const { accessToken } = await loginViaApi(app.baseUrl, 'buyer@akuafo.demo', 'Akuafo#2026');
    const call = (path: string, body?: unknown) =>
      fetch(`${app.baseUrl}/api/v1/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const products = (await (await call('products?limit=1')).json()) as { data: { id: number }[] };
    const warehouses = (await (await call('warehouses')).json()) as { data: { id: number }[] };
    expect((await call('shop/cart', { productId: products.data[0].id, quantity: 1 })).status).toBe(200);
    const checkout = await call('shop/checkout', { pickupLocationId: warehouses.data[0].id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' });
    expect(checkout.status).toBe(201);
    expect(((await checkout.json()) as { data: CheckoutStarted }).data).toMatchObject({ provider: 'sandbox', payment: { simulated: true } });
  });
});
