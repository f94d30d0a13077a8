import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, tokenFor } from '../support/sellers';
import { appRoutes, appWithoutRateLimits, isErrorShape, type AppRoute } from '../support/attack';
import { startTestServer, type TestServer } from '../support/server';

/**
 * 10,000 generated malformed requests over every route the app lists, as visitor, buyer,
 * seller and operator. No answer may be a 5xx, and every error must be the one JSON shape.
 */
const RUNS = 10_000;

let server: TestServer;
let app: ReturnType<typeof appWithoutRateLimits>;
let routes: AppRoute[];
const tokens: Record<string, string | undefined> = { visitor: undefined };
beforeAll(async () => {
  server = await startTestServer();
  app = appWithoutRateLimits(server);
  routes = appRoutes(server.app);
  tokens.buyer = await tokenFor(server, 'buyer@akuafo.demo');
  tokens.seller = await tokenFor(server, 'seller@akuafo.demo');
  tokens.operator = await adminToken(server);
});
afterAll(() => server.close());

const nasty = fc.constantFrom('', '0', '-1', '1', '2', '1e309', '99999999999999999999', 'NaN', 'null', 'true', '[]', '{}', '%00', "' OR 1=1 --", '<script>', '../../etc/passwd', '\u0000', '🐐', ' '.repeat(300), 'a'.repeat(5000));
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.integer().map(String), fc.string({ unit: 'grapheme', maxLength: 20 }));
const value: fc.Arbitrary<unknown> = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 3 }));
/** Objects with the app's real field names, holding wrong types and values. */
const FIELDS = ['email', 'password', 'firstName', 'lastName', 'phoneNumber', 'address', 'productId', 'quantity', 'rating', 'comment', 'status', 'notes', 'note', 'otp', 'contact', 'token', 'resetToken', 'newPassword', 'currentPassword', 'refreshToken', 'name', 'message', 'subject', 'price', 'stockQuantity', 'category', 'items', 'warehouseId', 'mobileMoneyNumber', 'network', 'businessName', 'ghanaCardNumber'];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '{"email":', 'null', '[]', '"x"', '1', '\u0000', '--boundary\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nnot a png\r\n--boundary--\r\n'),
  fc.constant(undefined),
);
const contentType = fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=boundary', 'multipart/form-data', 'application/x-www-form-urlencoded', undefined);
const query = fc.dictionary(fc.constantFrom('page', 'limit', 'pageSize', 'status', 'category', 'search', 'sort', 'since', 'minPrice', 'maxPrice', 'verificationStatus', 'action', 'x'), text, { maxKeys: 3 });

const request = fc.record({
  route: fc.nat().map((i) => routes[i % routes.length]!),
  role: fc.constantFrom('visitor', 'buyer', 'seller', 'operator'),
  params: fc.array(text, { minLength: 3, maxLength: 3 }),
  query,
  body,
  contentType,
  idempotencyKey: fc.oneof(fc.constant(undefined), fc.uuid(), text),
});

describe(`${RUNS} malformed requests over every route`, () => {
  it('covers every route of the app', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 5xx and always answers errors in the JSON error shape', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let n = 0;
        const path = r.route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(r.params[n++ % 3]!) || '_');
        const search = new URLSearchParams(r.query).toString();
        const headers = new Headers();
        if (r.contentType) headers.set('content-type', r.contentType);
        if (tokens[r.role]) headers.set('authorization', `Bearer ${tokens[r.role]}`);
        if (r.idempotencyKey) headers.set('idempotency-key', r.idempotencyKey.replace(/[^\x20-\x7e]/g, ''));
        const hasBody = r.route.method !== 'GET' && r.body !== undefined;
        const res = await app.request(`http://test.local${path}${search ? `?${search}` : ''}`, { method: r.route.method, headers, body: hasBody ? r.body : undefined });
        const raw = await res.text();
        const where = `${r.route.method} ${path} as ${r.role} -> ${res.status} ${raw.slice(0, 200)}`;
        if (res.status >= 500) throw new Error(`5xx: ${where}`);
        // A page for people (outside /api, such as a shared sales record's /records/{code}) answers its errors as a page.
        const page = !path.startsWith('/api/') && (res.headers.get('content-type') ?? '').startsWith('text/html');
        if (res.status >= 400 && !page) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw);
          } catch {
            throw new Error(`error body is not JSON: ${where}`);
          }
          if (!isErrorShape(parsed)) throw new Error(`error body is not { message, code, fieldErrors? }: ${where}`);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});
