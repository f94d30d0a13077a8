import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

type Doc = { openapi: string; paths: Record<string, Record<string, { security?: unknown; parameters?: { $ref?: string; name?: string; in?: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref?: string } }> }> }>> };
const served = async () => (await (await server.call('/openapi.json')).json()) as Doc;
const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every `METHOD path` the Hono app answers under /api/v1 (middleware and the catch-all left out). */
function registeredRoutes(): Set<string> {
  const lines = server.app.routes
    .filter((route) => HTTP_METHODS.has(route.method) && route.path.startsWith('/api/v1/') && !route.path.includes('*'))
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  return new Set(lines);
}

function documentedRoutes(doc: Doc): Set<string> {
  return new Set(Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
}

describe('the OpenAPI contract', () => {
  it('is served at /api/v1/openapi.json and is valid OpenAPI 3.1 to an independent validator', async () => {
    const res = await server.call('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: hand it a copy, and a broken $ref or schema throws.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('describes every API route the app registers, and nothing it does not', async () => {
    const registered = registeredRoutes();
    const documented = documentedRoutes(await served());
    const missing = [...registered].filter((line) => !documented.has(line)).sort();
    const stale = [...documented].filter((line) => !registered.has(line)).sort();
    // Lists exactly the routes to declare in src/shared/api (or the declarations no route answers).
    expect(missing.join('\n'), 'routes with no describeRoute line').toBe('');
    expect(stale.join('\n'), 'describeRoute lines no route answers').toBe('');
    expect(registered.size).toBeGreaterThan(50);
  });

  it('builds bodies and query parameters from the same valibot schemas the handlers parse with', async () => {
    const doc = await served();
    const login = doc.paths['/api/v1/auth/login'].post;
    expect(login.security).toBeUndefined();
    const loginBody = login.requestBody!.content['application/json'].schema;
    expect(Object.keys(loginBody.properties ?? {})).toContain('password');
    const products = doc.paths['/api/v1/products'].get;
    expect(products.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit']));
    // A declared route's answer is its own schema: the page of products, every field of a product.
    type Json = { type?: string; required?: string[]; properties?: Record<string, Json>; items?: Json };
    const page = products.responses['2XX'].content!['application/json'].schema as Json;
    expect(page.required).toEqual(['data', 'pagination']);
    expect(page.properties!.data!.type).toBe('array');
    expect(page.properties!.data!.items!.required).toEqual(expect.arrayContaining(['id', 'name', 'price', 'images', 'rating', 'version']));
    expect(page.properties!.pagination!.required).toEqual(expect.arrayContaining(['currentPage', 'totalCount', 'hasNextPage', 'totalIsLowerBound']));
    const upload = doc.paths['/api/v1/product-submissions'].post;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('marks auth and the Idempotency-Key the way the server treats them', async () => {
    const doc = await served();
    const idem = (op: { parameters?: { $ref?: string }[] }) => (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
    const checkout = doc.paths['/api/v1/shop/checkout'].post;
    expect(checkout.security).toEqual([{ bearer: [] }]);
    expect(idem(checkout)).toBe(true);
    expect(checkout.responses['401']).toBeDefined();
    // Credential calls and the payment provider's calls never store answers by key.
    expect(idem(doc.paths['/api/v1/auth/login'].post)).toBe(false);
    expect(idem(doc.paths['/api/v1/payments/paystack/webhook'].post)).toBe(false);
    expect(idem(doc.paths['/api/v1/products'].get)).toBe(false);
    expect(doc.paths['/api/v1/admin/orders'].get.responses['403']).toBeDefined();
  });

  it('gives declared routes their answer schemas: money in cedis, pages with their pagination', async () => {
    const doc = await served();
    type Shape = { properties?: Record<string, Shape>; required?: string[]; anyOf?: Shape[] };
    const answer = (path: string, method: string) => (doc.paths[`/api/v1${path}`][method].responses['2XX'].content!['application/json'].schema as Shape).properties!.data!;
    const started = answer('/shop/checkout', 'post');
    expect(started.required).toEqual(expect.arrayContaining(['checkoutId', 'orderNumber', 'amount', 'reference', 'payment']));
    // Confirming answers the outcome; with retry, the new attempt.
    expect(answer('/shop/checkout/{checkoutId}/payment', 'post').anyOf).toHaveLength(2);
    const orders = doc.paths['/api/v1/shop/customers/me/orders'].get.responses['2XX'].content!['application/json'].schema as Shape;
    expect(Object.keys(orders.properties ?? {})).toEqual(['data', 'pagination']);
    expect(Object.keys(answer('/admin/ledger/trial-balance', 'get').properties ?? {})).toEqual(['currency', 'debits', 'credits', 'balanced', 'accounts']);
    // The payout desk's writes sit behind the idempotency layer, as they always did.
    const idem = (op: { parameters?: { $ref?: string }[] }) => (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
    expect(idem(doc.paths['/api/v1/admin/payouts/run'].post)).toBe(true);
    expect(idem(doc.paths['/api/v1/payments/sandbox/{reference}/approve'].post)).toBe(false);
  });

  it('answers with the real error shape it documents', async () => {
    const res = await server.call('/auth/login', { method: 'POST', json: {} });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).every((key) => ['message', 'code', 'fieldErrors'].includes(key))).toBe(true);
    expect(typeof body.message).toBe('string');
  });
});

describe('/api/docs', () => {
  it('is a readable HTML page of every operation, with no script, under the strict CSP', async () => {
    const res = await server.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing from another origin (no CDN)
    const unlisted = [...registeredRoutes()].filter((line) => !html.includes(`<code>${line}</code>`));
    expect(unlisted).toEqual([]);
  });
});
