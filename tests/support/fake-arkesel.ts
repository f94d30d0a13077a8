import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Arkesel's SMS API v2 on 127.0.0.1, for tests: POST /api/v2/sms/send with
 * the `api-key` header and `{ sender, message, recipients }`. Like Arkesel it answers 401 to a
 * wrong key, lists numbers it cannot deliver to under "invalid numbers", and the test can make
 * it fail (an outage, answered 503) until it is told to recover.
 */
export interface FakeArkesel {
  baseUrl: string;
  apiKey: string;
  sent: { sender: string; message: string; recipient: string; id: string }[];
  down: boolean;
  close(): Promise<void>;
}

export async function startFakeArkesel(apiKey = 'arkesel-test-key'): Promise<FakeArkesel> {
  const fake: Omit<FakeArkesel, 'baseUrl' | 'close'> = { apiKey, sent: [], down: false };
  let nextId = 1;
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  };
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/api/v2/sms/send') return send(404, { status: 'error', message: 'Not found' });
    if (req.headers['api-key'] !== apiKey) return send(401, { status: 'error', message: 'Unauthorized. Invalid API Key' });
    if (fake.down) return send(503, { status: 'error', message: 'Service temporarily unavailable' });
    const body = await readBody(req);
    if (typeof body.sender !== 'string' || body.sender.length > 11 || typeof body.message !== 'string' || !Array.isArray(body.recipients)) {
      return send(422, { status: 'error', message: 'The given data was invalid.' });
    }
    const data: Record<string, unknown>[] = [];
    const invalid: string[] = [];
    for (const recipient of body.recipients as string[]) {
      if (!/^233[2-5]\d{8}$/.test(recipient)) {
        invalid.push(recipient);
        continue;
      }
      const id = `sms-${nextId++}`;
      fake.sent.push({ sender: body.sender, message: body.message, recipient, id });
      data.push({ recipient, id });
    }
    if (invalid.length) data.push({ 'invalid numbers': invalid });
    send(200, { status: 'success', data });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, { baseUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}
