import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKeys } from '../../src/server/platform/auth/signing-keys';
import { createTokenSigner } from '../../src/server/platform/auth/tokens';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db';
import { freePort, nginxAvailable, startInstance, startNginx, waitFor, type Instance } from '../support/fleet';
import { startS3Server } from '../support/s3';
import { VALID_PRODUCT, pngImage, productForm } from '../support/sellers';
import type { TestServer } from '../support/server';
import { firstWarehouseId, freshWallet, makeProduct, makeUser, putInCart } from '../support/shop';
import { sessionToken } from '../support/session';

/**
 * Three instances of the real server on one fresh PostgreSQL database and one S3 bucket,
 * behind nginx: what an operator's region would run (issue 12).
 */
const baseUrl = process.env.FLEET_DATABASE_URL ?? process.env.DATABASE_URL;
const missing = !baseUrl ? 'FLEET_DATABASE_URL (a PostgreSQL URL whose role may create databases) is not set' : !nginxAvailable() ? 'nginx is not installed at /usr/sbin/nginx' : undefined;
if (missing && process.env.CI === 'true') throw new Error(`The fleet test cannot run on CI: ${missing}`);
if (missing) console.warn(`Skipping the fleet test: ${missing}`);

const PASSWORD = 'Akuafo#2026';
const momo = { paymentMethod: 'MOBILE_MONEY', mobileMoneyNetwork: 'MTN' };

describe.skipIf(!!missing)('a fleet of three behind nginx', () => {
  const dbName = `akuafo_fleet_${Date.now().toString(36)}`;
  const dir = mkdtempSync(join(tmpdir(), 'akuafo-fleet-'));
  let env: Record<string, string>;
  let instances: Instance[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let handle: DatabaseHandle;
  let shop: TestServer;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const databaseUrl = new URL(baseUrl!);
    databaseUrl.pathname = `/${dbName}`;
    s3 = await startS3Server();
    env = {
      ...s3.env,
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: dir,
      STATIC_DIR: join(dir, 'no-build'),
      JWT_SECRET: '',
      DRAIN_DELAY_MS: '1500',
      ADMIN_EMAIL: 'ops@akuafo.test',
      ADMIN_PASSWORD: PASSWORD,
    };
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    instances = ports.map((port) => startInstance(port, env));
    handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir, poolMax: 4 });
  });

  afterAll(async () => {
    nginx?.stop();
    for (const instance of instances) instance.process.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await handle?.close();
    await s3?.close();
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('starts all three at once on one empty database', async () => {
    await Promise.all(instances.map((i) => waitFor(`${i.url}/readyz`).catch((error) => Promise.reject(new Error(`${error}\n${i.log}`)))));
    nginx = await startNginx(join(dir, 'nginx'), await freePort(), instances.map((i) => i.port));
    const users = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('email', '=', 'buyer@akuafo.demo').executeTakeFirstOrThrow();
    expect(users.n).toBe(1);
    // The tests' helpers sign tokens with the keys the fleet generated into the database.
    shop = { deps: { db: handle.db, tokens: createTokenSigner(await loadSigningKeys(handle.db, undefined)) } } as unknown as TestServer;
  });

  it('honours a sign-in made through one instance on the others', async () => {
    const login = await post(instances[0]!.url, '/auth/login', { email: 'buyer@akuafo.demo', password: PASSWORD });
    expect(login.status).toBe(200);
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
    for (const instance of instances.slice(1)) {
      const me = await fetch(`${instance.url}/api/v1/shop/customers/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(me.status).toBe(200);
    }
  });

  it('sells exactly the stock when 30 buyers check out at once across the instances', async () => {
    const productId = await makeProduct(shop, 5);
    const warehouseId = await firstWarehouseId(shop);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeUser(shop)));
    await Promise.all(buyers.map((b) => putInCart(shop, b.id, productId, 1)));
    const statuses = await Promise.all(
      buyers.map((b, i) =>
        post(instances[i % 3]!.url, '/shop/checkout', { pickupLocationId: warehouseId, ...momo, mobileMoneyNumber: freshWallet() }, { authorization: `Bearer ${b.token}` }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201 || s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    const sold = await handle.db.selectFrom('order_items').select((eb) => eb.fn.sum<number>('quantity').as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(5);
  });

  it('applies one Idempotency-Key sent to two instances at once only once', async () => {
    const buyer = await makeUser(shop);
    const key = randomUUID();
    const message = { name: 'Esi Tetteh', email: buyer.email, subject: 'Fleet', message: `Idempotent hello ${key}` };
    const answers = await Promise.all(
      [instances[0]!, instances[1]!].map((i) => post(i.url, '/contact', message, { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key })),
    );
    expect(answers.map((a) => a.status).every((s) => s < 300)).toBe(true);
    const stored = await handle.db.selectFrom('contact_messages').select('id').where('message', '=', message.message).execute();
    expect(stored).toHaveLength(1);
  });

  it('counts failed sign-ins spread over the instances against one limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post(instances[i % 3]!.url, '/auth/login', { email: 'reviewer1@akuafo.demo', password: 'wrong password' })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('serves a photo uploaded through one instance from the others', async () => {
    const seller = await handle.db.selectFrom('users').select(['id', 'email', 'user_type']).where('email', '=', 'kofi.farms@akuafo.demo').executeTakeFirstOrThrow();
    const { token } = await sessionToken(shop, seller.id);
    const form = productForm(VALID_PRODUCT, [{ name: 'leaf.png', data: await pngImage() }]);
    const created = await fetch(`${instances[0]!.url}/api/v1/product-submissions`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(created.status).toBe(201);
    const url = ((await created.json()) as { data: { imagesUrls: string[] } }).data.imagesUrls[0]!;
    for (const instance of instances.slice(1)) {
      const image = await fetch(`${instance.url}${url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('loses no acknowledged write when an instance is SIGKILLed under load, and keeps answering', async () => {
    const buyer = await makeUser(shop);
    const products = (await handle.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').execute()).map((p) => p.id);
    const load = autocannon({ url: `${nginx.url}/api/v1/products?limit=5`, connections: 8, duration: 6 });
    // Writes through nginx, one after another: each saves one more product to the buyer's wishlist.
    const acknowledged: number[] = [];
    const writes = (async () => {
      const until = Date.now() + 5000;
      for (const productId of products) {
        if (Date.now() > until) break;
        const res = await fetch(`${nginx.url}/api/v1/shop/customers/me/wishlist/${productId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': randomUUID() },
        }).catch(() => undefined);
        if (res?.ok) acknowledged.push(productId);
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    await new Promise((r) => setTimeout(r, 2000));
    const victim = instances[1]!;
    victim.process.kill('SIGKILL');
    await victim.exited;
    const [result] = await Promise.all([load, writes]);
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = await handle.db.selectFrom('wishlist_items').select('product_id').where('user_id', '=', buyer.id).execute();
    expect(stored.map((row) => row.product_id)).toEqual(expect.arrayContaining(acknowledged));
    expect(result['2xx']).toBeGreaterThan(0);
    expect((await fetch(`${nginx.url}/api/v1/products?limit=1`)).status).toBe(200);
    console.log(`fleet: ${result.requests.total} GETs under SIGKILL, ${result.non2xx} non-2xx, ${result.errors} errors; ${acknowledged.length} acknowledged writes kept`);
    // Bring it back for the rolling restart.
    instances[1] = startInstance(victim.port, env);
    await waitFor(`${instances[1].url}/readyz`);
  });

  it('gives no 5xx to idempotent requests during a rolling restart of all three', async () => {
    const load = autocannon({ url: `${nginx.url}/api/v1/products?limit=5`, connections: 8, duration: 600 }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
    const failures: string[] = [];
    load.on('reqError', (error: Error) => failures.push(error.message));
    const started = Date.now();
    for (let i = 0; i < instances.length; i++) {
      const old = instances[i]!;
      old.process.kill('SIGTERM');
      expect(await old.exited).toBe(0);
      instances[i] = startInstance(old.port, env);
      await waitFor(`${instances[i]!.url}/readyz`);
    }
    load.stop();
    const result = await load;
    const serverErrors = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code.startsWith('5'));
    console.log(`fleet: rolling restart in ${((Date.now() - started) / 1000).toFixed(1)} s, ${result.requests.total} GETs, ${result.non2xx} non-2xx, ${result.errors} errors`);
    expect(serverErrors).toEqual([]);
    expect(failures).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.non2xx).toBe(0);
  });
});
