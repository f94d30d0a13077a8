import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_MAX_BYTES, JSON_BODY_LIMIT_BYTES } from '../../src/server/http/limits';
import { SERVER_TIMEOUTS } from '../../src/server/main';
import { SUBMISSION_RATE } from '../../src/server/modules/submissions/uploads';
import { tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21.15: answers given while the request body is still arriving (an early 413 or 429)
 * must reach the client, and so must the next request on that keep-alive connection. Over
 * a real socket: @hono/node-server used to give an unread body 500 ms and then destroy the
 * socket, so a slow upload and the requests queued behind it got no answer at all.
 */
let server: TestServer;
let listener: ReturnType<typeof serve>;
let port: number;
let seller: string;
let sellerId: number;
beforeAll(async () => {
  server = await startTestServer();
  listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: SERVER_TIMEOUTS });
  await new Promise<void>((resolve) => listener.once('listening', resolve));
  port = (listener.address() as AddressInfo).port;
  seller = await tokenFor(server, 'kofi.farms@akuafo.demo');
  sellerId = (await server.deps.db.selectFrom('users').select('id').where('email', '=', 'kofi.farms@akuafo.demo').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await server.close();
});

type Outcome = { status: number; connection?: string } | { error: string };
interface Send {
  path: string;
  method?: string;
  size: number;
  /** Bytes per write and the pause between writes: a phone's upload, not loopback speed. */
  chunk?: number;
  pauseMs?: number;
  chunked?: boolean;
  headers?: Record<string, string>;
  agent?: Agent;
}

function send({ path, method = 'POST', size, chunk = 8192, pauseMs = 0, chunked = false, headers = {}, agent }: Send): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = request({
      agent, host: '127.0.0.1', port, path, method,
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(size) }), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => settle({ status: res.statusCode!, connection: res.headers.connection }));
      res.on('error', (e) => settle({ error: `response cut off: ${e.message}` }));
    });
    req.on('error', (e) => settle({ error: e.message }));
    let sent = 0;
    const pump = () => {
      if (req.destroyed) return;
      if (sent >= size) return void req.end();
      const n = Math.min(chunk, size - sent);
      sent += n;
      req.write(Buffer.alloc(n, 0x20));
      if (pauseMs) setTimeout(pump, pauseMs);
      else setImmediate(pump);
    };
    pump();
  });
}

const tally = (outcomes: Outcome[]) => {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts['status' in o ? String(o.status) : o.error] = (counts['status' in o ? String(o.status) : o.error] ?? 0) + 1;
  return counts;
};

describe('answers given before the body has arrived', () => {
  it('every slow 100 KB body answered 413 early, and every request queued behind it on the same connections, gets its answer', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        i % 2
          ? send({ agent, path: `/api/v1/sellers/resend-verification?q=%ZZ${i}&x=${'~'.repeat(i)}`, size: 100 * 1024, pauseMs: 60 + (i % 5) * 10, chunked: i % 4 === 1 })
          : send({ agent, path: '/api/v1/contact', size: 2 }),
      ),
    );
    agent.destroy();
    expect(tally(outcomes)).toEqual({ 413: 40, 400: 40 });
  }, 120_000);

  it('every slow body answered 429 before it was read gets its answer', async () => {
    // The seller has used up the hour's edits: the limiter answers before the body is read.
    for (let i = 0; i < SUBMISSION_RATE.perAccount; i++) await server.deps.rateLimiter.hit(`submission:account:${sellerId}`, SUBMISSION_RATE.perAccount, SUBMISSION_RATE.windowMs);
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        send({ agent, method: 'PATCH', path: '/api/v1/product-submissions/my-submissions/1', size: JSON_BODY_LIMIT_BYTES - 1024, pauseMs: 60, headers: { authorization: `Bearer ${seller}` } }),
      ),
    );
    agent.destroy();
    expect(tally(outcomes)).toEqual({ 429: 30 });
  }, 120_000);

  it('a body too large to wait for is answered, with the connection marked to close', async () => {
    const outcome = await send({ path: '/api/v1/contact', size: DRAIN_MAX_BYTES + 1024 * 1024, chunk: 256 * 1024 });
    expect(outcome).toEqual({ status: 413, connection: 'close' });
  }, 120_000);
});
