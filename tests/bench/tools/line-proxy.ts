import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who asked: the page (its document, files, API reads) or the service worker (its script and what it precaches). */
export type Kind = 'page' | 'worker';

export interface Arrival {
  /** Epoch milliseconds when the bytes left the line for the browser. */
  at: number;
  bytes: number;
  kind: Kind;
  path: string;
}

export interface Line {
  /** The proxy's origin: the browser visits this instead of the app. */
  origin: string;
  /** Every chunk sent so far, in order. */
  arrivals: Arrival[];
  /** Forgets what was counted (one visit each). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A slow line between Chromium and `npm start`, as a forwarding proxy on its own port: every
 * response waits one round trip, then its bytes (headers and body as the server sent them,
 * compressed) share one downstream of `bitsPerSecond`, in the order they come. Chromium's own
 * throttling slows only the page's target, not the service worker's, so the worker's precache
 * used to arrive at full speed; here they compete, as on a real line, and each byte is counted
 * by who asked for it. A request from the worker is told by its `Service-Worker: script`
 * header (its script) or by its referrer, the worker's script (what it fetches itself).
 */
export async function startLine(target: string, { latencyMs, bitsPerSecond }: { latencyMs: number; bitsPerSecond: number }): Promise<Line> {
  const arrivals: Arrival[] = [];
  const bytesPerMs = bitsPerSecond / 8 / 1000;
  // When the downstream is next free: chunks queue behind each other whoever asked for them.
  let freeAt = 0;
  const send = (bytes: number) => {
    const start = Math.max(Date.now(), freeAt);
    freeAt = start + bytes / bytesPerMs;
    return freeAt - Date.now();
  };
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const kind = kindOf(req.headers);
    const path = req.url ?? '/';
    const headers = { ...req.headers, host: upstream.host };
    const out = forward({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers }, (answer) => {
      // Each piece of the answer in order, each after its turn on the downstream.
      let chain = sleep(latencyMs); // one round trip before the first byte
      const pass = (bytes: number, deliver: () => void | Promise<void>) => {
        chain = chain.then(() => sleep(send(bytes))).then(() => {
          arrivals.push({ at: Date.now(), bytes, kind, path });
          return deliver();
        });
      };
      pass(headerBytes(answer.statusCode ?? 200, answer.rawHeaders), () => void res.writeHead(answer.statusCode ?? 200, answer.rawHeaders));
      answer.on('data', (chunk: Buffer) => {
        answer.pause();
        pass(chunk.byteLength, () => new Promise<void>((done) => res.write(chunk, () => done())));
        chain = chain.then(() => void answer.resume());
      });
      answer.on('end', () => {
        chain = chain.then(() => void res.end());
      });
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrivals,
    reset: () => arrivals.splice(0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

function kindOf(headers: IncomingHttpHeaders): Kind {
  if (headers['service-worker'] === 'script') return 'worker';
  const referrer = headers.referer;
  if (!referrer) return 'page';
  try {
    return /\/sw\.m?js$/.test(new URL(referrer).pathname) ? 'worker' : 'page';
  } catch {
    return 'page';
  }
}

/** The status line and headers as they go on the wire (HTTP/1.1, uncompressed). */
function headerBytes(status: number, raw: string[]): number {
  let bytes = `HTTP/1.1 ${status} \r\n`.length + 2;
  for (let i = 0; i < raw.length; i += 2) bytes += Buffer.byteLength(`${raw[i]}: ${raw[i + 1]}\r\n`);
  return bytes;
}
