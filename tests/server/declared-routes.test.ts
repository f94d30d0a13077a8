import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARED_ROUTES } from '../../src/shared/api';
import { dataOf, idParam, route } from '../../src/shared/api/route';
import type { AppEnv } from '../../src/server/http/context';
import { created, implement, mountDeclared } from '../../src/server/http/declared';
import { HttpError, errorResponse } from '../../src/server/http/errors';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The one way a declared route is registered (src/server/http/declared.ts), on a tiny app of
 * its own over a real test database: auth before input, each input parsed with its schema,
 * the answer checked against its declaration while tests run.
 */
const thing = route({
  method: 'POST',
  path: '/things/:id',
  summary: 'A probe',
  tag: 'test',
  auth: 'customer',
  params: { id: idParam('Thing not found') },
  body: v.object({ name: v.pipe(v.string('Name the thing'), v.minLength(1, 'Name the thing')) }),
  answer: dataOf(v.object({ id: v.number(), name: v.string() })),
});
const drifting = route({ method: 'GET', path: '/drifting', summary: 'Answers outside its schema', tag: 'test', auth: 'none', answer: dataOf(v.object({ total: v.number() })) });

let server: TestServer;
let app: Hono<AppEnv>;
let handled = 0;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const who = c.req.header('x-who');
    c.set('user', who ? { id: 7, userType: who as 'CUSTOMER', email: 'probe@example.com' } : undefined);
    await next();
  });
  mountDeclared(app, server.deps, [
    implement(thing, ({ params, body, user }) => {
      handled++;
      expect(user.id).toBe(7);
      return created({ data: { id: params.id, name: body.name } });
    }),
    implement(drifting, () => ({ data: { total: 'twelve' } }) as unknown as { data: { total: number } }),
  ]);
  app.onError((error, c) => (error instanceof HttpError ? errorResponse(c, server.deps.db, error) : c.json({ message: error.message, code: 'internal' }, 500)));
}, 60_000);
afterAll(() => server.close());

const send = (path: string, init: { who?: string; body?: string } = {}) =>
  app.request(`http://test.local${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(init.who ? { 'x-who': init.who } : {}) }, body: init.body });

describe('a declared route', () => {
  it('refuses a visitor with 401 and another role with 403 before its input is read', async () => {
    expect((await send('/things/1', { body: 'not json at all' })).status).toBe(401);
    expect((await send('/things/nope', { who: 'SELLER', body: '{}' })).status).toBe(403);
    expect(handled).toBe(0);
  });

  it('answers 404 for a path id that names nothing, 400 naming the field for a bad body', async () => {
    const missing = await send('/things/abc', { who: 'CUSTOMER', body: JSON.stringify({ name: 'x' }) });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Thing not found');
    const bad = await send('/things/3', { who: 'CUSTOMER', body: JSON.stringify({ name: '' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ name: 'Name the thing' });
    expect((await send('/things/3', { who: 'CUSTOMER', body: '{' })).status).toBe(400);
    expect(handled).toBe(0);
  });

  it('hands the handler its parsed input and answers with the status it chose', async () => {
    const res = await send('/things/42', { who: 'CUSTOMER', body: JSON.stringify({ name: 'yam' }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { id: 42, name: 'yam' } });
    expect(handled).toBe(1);
  });

  it('fails an answer that drifted from its declared schema while tests run', async () => {
    expect(server.deps.config.checkAnswers).toBe(true);
    const res = await app.request('http://test.local/drifting');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toContain('data.total');
  });

  it('has one declaration per method and path', () => {
    const keys = DECLARED_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
