import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * What a static file server does, as the yardstick of `npm run bench api`: each answer's JSON
 * (read from the file named on the command line: { "path?query": "json" }) gzipped once at
 * start and served as is. Prints its port on stdout when it listens.
 */
const bodies = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, string>;
const gzipped = new Map(Object.entries(bodies).map(([url, json]) => [url, new Uint8Array(gzipSync(json))]));

const app = new Hono();
app.get('*', (c) => {
  const body = gzipped.get(c.req.url.slice(c.req.url.indexOf('/', 8)));
  if (!body) return c.notFound();
  return c.body(body, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(JSON.stringify({ port: info.port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
