import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { makeUser } from '../support/shop';

/**
 * Issue 21.14, the browser's HTTP cache: on a shared phone, a buyer's answers (profile, orders,
 * cart) must not stay on disk after they sign out. Answers that do not say how to cache them
 * say "no-store"; the public catalogue keeps its own caching.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('Cache-Control on API answers', () => {
  it('a signed-in user\'s answers, refusals and errors are never stored', async () => {
    const buyer = await makeUser(server);
    for (const path of ['/shop/customers/me', '/shop/customers/me/orders', '/shop/cart']) {
      const response = await server.call(path, { token: buyer.token });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await server.call('/shop/customers/me')).headers.get('cache-control')).toBe('no-store');
    expect((await server.call('/no/such/route', { token: buyer.token })).headers.get('cache-control')).toBe('no-store');
  });

  it('the public catalogue keeps its own caching', async () => {
    const response = await server.call('/products?pageSize=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public/);
  });
});
