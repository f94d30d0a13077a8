import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { SERVER_TIMEOUTS } from '../../src/server/main';
import { crc32, deflateSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { createApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The same app over the same database, with some settings changed. */
const withConfig = (change: Partial<Config>) => createApp({ ...server.deps, config: { ...server.deps.config, ...change } });
const json = async (res: Response) => (await res.json()) as { message: string; code: string };

describe('security headers', () => {
  it('sends a strict CSP, nosniff, referrer and permissions policies on API answers and errors alike', async () => {
    for (const res of [await server.call('/products?limit=1'), await server.call('/no-such-thing'), await server.call('/healthz')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "connect-src 'self'", "img-src 'self' data: blob:", "worker-src 'self'"]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toBeNull(); // PUBLIC_URL is http here
    }
  });

  it('adds HSTS behind an https PUBLIC_URL, and the payment provider to connect-src when Paystack is configured', async () => {
    const secure = withConfig({ publicUrl: 'https://akuafo.example', paystack: { secretKey: 'sk_test_x', publicKey: '', baseUrl: 'https://api.paystack.co' } });
    const res = await secure.request('https://akuafo.example/api/v1/categories');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.paystack.co");
  });
});

describe('CORS', () => {
  it('answers same-origin calls and refuses other origins unless CORS_ORIGINS lists them', async () => {
    expect((await server.call('/categories', { headers: { origin: 'http://test.local' } })).status).toBe(200);
    const foreign = await server.call('/contact', { method: 'POST', headers: { origin: 'https://evil.example' }, json: {} });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const listed = withConfig({ corsOrigins: ['https://partner.example'] });
    const preflight = await listed.request('http://test.local/api/v1/categories', { method: 'OPTIONS', headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect((await listed.request('http://test.local/api/v1/categories', { headers: { origin: 'https://other.example' } })).status).toBe(403);
  });
});

describe('limits', () => {
  it('refuses a JSON body over 64 KB with 413 in the error shape', async () => {
    const res = await server.call('/contact', { method: 'POST', json: { message: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses a 20,000 x 20,000 PNG (a decompression bomb of a few hundred bytes) with a 400, without decoding it', async () => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type), data]);
      const frame = Buffer.alloc(4);
      frame.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body) >>> 0);
      return Buffer.concat([frame, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // RGB
    const bomb = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(60_001))), chunk('IEND', Buffer.alloc(0))]);
    const before = process.memoryUsage().rss;
    const seller = await tokenFor(server, 'seller@akuafo.demo');
    const res = await server.call('/product-submissions', { method: 'POST', token: seller, body: productForm(VALID_PRODUCT, [{ name: 'bomb.png', data: bomb }]) });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/too many pixels/);
    // Decoding it would take 1.2 GB; refusing it from its header costs next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('slow clients', () => {
  it('cuts off a client that never finishes its headers with 408 (the real server options, a shorter timeout)', async () => {
    const listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: { ...SERVER_TIMEOUTS, headersTimeout: 1_000, connectionsCheckingInterval: 250 } });
    await new Promise((resolve) => listener.once('listening', resolve));
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      const socket = connect((listener.address() as AddressInfo).port, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: test.local\r\n'));
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
    });
    listener.close();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('rate limits', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('limits password resets per account across many addresses, and per address across many accounts, with Retry-After', async () => {
    const reset = (email: string, ip: string) => server.call('/auth/password/reset-request', { method: 'POST', headers: from(ip), json: { email } });
    for (let i = 0; i < 10; i++) expect((await reset('target@example.com', `10.0.0.${i}`)).status).toBe(200);
    const perAccount = await reset('target@example.com', '10.0.0.99');
    expect(perAccount.status).toBe(429);
    expect(Number(perAccount.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(perAccount)).toMatchObject({ code: 'rate_limited' });

    for (let i = 0; i < 20; i++) expect((await reset(`someone${i}@example.com`, '10.1.1.1')).status).toBe(200);
    const perIp = await reset('fresh@example.com', '10.1.1.1');
    expect(perIp.status).toBe(429);
    expect(Number(perIp.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits code checks per account, so guessing a 6-digit code from many addresses stops early', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await server.call('/otp/verify', { method: 'POST', headers: from(`10.2.0.${i}`), json: { contact: 'buyer@akuafo.demo', otp: '000000' } });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBeTruthy();
  });

  it('limits reviews per signed-in buyer', async () => {
    const buyer = await tokenFor(server, 'reviewer5@akuafo.demo');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await server.call('/reviews', { method: 'POST', token: buyer, headers: from(`10.3.0.${i}`), json: { productId: 1, rating: 5, comment: 'Fresh and good value.' } })).status);
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
  });
});

describe('tampered access tokens are refused with 401', () => {
  const secret = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256');
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  let real: string;
  let buyerId: number;
  beforeAll(async () => {
    real = await tokenFor(server, 'buyer@akuafo.demo');
    buyerId = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString()).sub;
  });
  const me = (token: string) => server.call('/shop/customers/me', { token });
  const edited = (change: Record<string, unknown>) => {
    const [head, payload, signature] = real.split('.');
    return `${head}.${b64({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...change })}.${signature}`;
  };

  it('accepts the untouched token (the control)', async () => {
    expect((await me(real)).status).toBe(200);
  });

  it.each([
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${real.split('.')[1]}.`],
    ['role edited to ADMIN', () => edited({ typ: 'ADMIN' })],
    ['user id edited', () => edited({ sub: String(buyerId + 1) })],
    ['expiry pushed forward', () => edited({ exp: Math.floor(Date.now() / 1000) + 86_400 })],
    ['garbage', () => 'not.a.token'],
  ])('%s', async (_name, make) => {
    const res = await me(make());
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: 'unauthorized' });
  });

  it('another key, and HS256 signed with a guessable secret', async () => {
    for (const key of ['another-secret-that-is-long-enough-for-hs256', 'secret']) {
      const forged = await new SignJWT({ typ: 'ADMIN', email: 'buyer@akuafo.demo' }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(buyerId)).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(key));
      expect((await server.call('/admin/orders', { token: forged })).status).toBe(401);
    }
  });

  it('an expired token (right key) says so: 401 token_expired, and never reaches the route', async () => {
    const expired = await new SignJWT({ typ: 'CUSTOMER', email: 'buyer@akuafo.demo' }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(buyerId)).setIssuedAt(Math.floor(Date.now() / 1000) - 3600).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(secret);
    const res = await me(expired);
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: 'token_expired' });
  });

  it('a token whose HMAC is recomputed over an edited role with a wrong key', async () => {
    const [head, payload] = edited({ typ: 'ADMIN' }).split('.');
    const signature = createHmac('sha256', 'wrong').update(`${head}.${payload}`).digest('base64url');
    expect((await server.call('/admin/audit', { token: `${head}.${payload}.${signature}` })).status).toBe(401);
  });

  it('a real operator token still works on the operator routes (the control)', async () => {
    expect((await server.call('/admin/audit', { token: await adminToken(server) })).status).toBe(200);
  });
});
