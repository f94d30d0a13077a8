import { Writable } from 'node:stream';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLog } from '../../src/server/http/access-log';

function loggedApp(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = new Hono();
  app.use('*', accessLog(pino({ level }, sink), { slowMs: 50, summaryMs: 100, extra: () => ({ apiCache: { entries: 1 } }) }));
  app.get('/api/v1/fast', (c) => c.json({ ok: true }));
  app.get('/api/v1/slow', async (c) => {
    await new Promise((r) => setTimeout(r, 60));
    return c.json({ ok: true });
  });
  app.get('/api/v1/missing', (c) => c.json({ message: 'Not found', code: 'not_found' }, 404));
  app.get('/api/v1/broken', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ message: 'Something went wrong', code: 'internal' }, 500));
  return { app, lines };
}

describe('access log', () => {
  it('writes failed and slow requests one by one, and only counts the rest into a summary', async () => {
    const { app, lines } = loggedApp();
    for (let i = 0; i < 20; i++) await app.request('/api/v1/fast');
    await app.request('/api/v1/missing');
    await app.request('/api/v1/broken');
    await app.request('/api/v1/slow');
    const own = lines.filter((l) => l.msg !== 'requests').map((l) => [l.msg, l.path]);
    expect(own).toEqual(expect.arrayContaining([
      ['request refused', '/api/v1/missing'],
      ['request failed', '/api/v1/broken'],
      ['slow request', '/api/v1/slow'],
    ]));
    // On a loaded machine a fast route may turn slow: then, and only then, it gets a line too.
    expect(own.filter(([, path]) => path === '/api/v1/fast').every(([msg]) => msg === 'slow request')).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    await app.request('/api/v1/fast');
    // Summed over the summary lines, in case the machine was slow enough for two windows.
    const summaries = lines.filter((l) => l.msg === 'requests') as { requests: number; byStatus: Record<string, number>; apiCache: unknown }[];
    expect(summaries.reduce((n, l) => n + l.requests, 0)).toBe(24);
    expect(summaries.reduce((n, l) => n + (l.byStatus['5xx'] ?? 0), 0)).toBe(1);
    expect(summaries.reduce((n, l) => n + (l.byStatus['4xx'] ?? 0), 0)).toBe(1);
    expect(summaries[0].apiCache).toEqual({ entries: 1 });
  });

  it('writes every request at debug level', async () => {
    const { app, lines } = loggedApp('debug');
    await app.request('/api/v1/fast');
    expect(lines.map((l) => l.msg)).toEqual(['request']);
  });
});
