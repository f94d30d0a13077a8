import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local push service speaking the Web Push protocol (RFC 8030) over HTTPS on 127.0.0.1, for
 * tests. It checks what a real one checks: the VAPID Authorization (RFC 8292: an ES256 JWT for
 * this origin, signed by the key in k=), a TTL, and a body encrypted with aes128gcm (RFC 8291),
 * which it decrypts with the device's private key as the browser would. A device marked gone
 * answers 410, like a subscription the user revoked.
 */
export interface FakePushService {
  /** Trusts the service's self-signed certificate. */
  agent: Agent;
  /** The certificate itself, for the push channel's `ca`. */
  ca: Buffer;
  /**
   * What the push channel needs to reach this service on 127.0.0.1: the product refuses
   * private addresses unless PUSH_ALLOW_HOSTS names them (a test-only setting).
   */
  allowHosts: string[];
  /** A new device's subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  gone(endpoint: string): void;
  /** The device's push service answers with a redirect to `location` (which a sender must not follow). */
  redirect(endpoint: string, location: string): void;
  received: { endpoint: string; vapidKey: string; ttl: number; urgency: string | undefined; payload: unknown }[];
  rejected: { endpoint: string; status: number; reason: string }[];
  close(): Promise<void>;
}

/** web-push's own dependency, the reference implementation of RFC 8188 content encoding (untyped). */
const ece = createRequire(import.meta.url)('http_ece') as { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };

export async function startFakePushService(): Promise<FakePushService> {
  const dir = mkdtempSync(join(tmpdir(), 'fake-push-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  const cert = readFileSync(join(dir, 'cert.pem'));
  const key = readFileSync(join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });

  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean; redirect?: string }>();
  const received: FakePushService['received'] = [];
  const rejected: FakePushService['rejected'] = [];
  let nextDevice = 1;

  const server: Server = createServer({ cert, key }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const endpoint = `${origin}${req.url}`;
    const refuse = (status: number, reason: string) => {
      rejected.push({ endpoint, status, reason });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const device = devices.get(endpoint);
    if (req.method !== 'POST' || !device) return refuse(404, 'No such subscription');
    if (device.gone) return refuse(410, 'push subscription has unsubscribed or expired');
    if (device.redirect) return void res.writeHead(307, { location: device.redirect }).end();
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return refuse(401, 'Authorization must be "vapid t=<jwt>, k=<key>"');
    const [, token, vapidKey] = auth as unknown as [string, string, string];
    const raw = Buffer.from(vapidKey, 'base64url');
    try {
      const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
      const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience: origin, algorithms: ['ES256'] });
      if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) return refuse(403, 'VAPID exp must be within 24 hours');
      if (!String(payload.sub ?? '').match(/^(mailto:|https:)/)) return refuse(403, 'VAPID sub must be a mailto: or https: URL');
    } catch (error) {
      return refuse(403, `VAPID token invalid: ${(error as Error).message}`);
    }
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header required');
    let payload: unknown;
    try {
      payload = JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
    } catch (error) {
      return refuse(400, `Cannot decrypt: ${(error as Error).message}`);
    }
    received.push({ endpoint, vapidKey, ttl, urgency: req.headers.urgency as string | undefined, payload });
    res.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    agent: new Agent({ ca: cert }),
    ca: cert,
    allowHosts: ['127.0.0.1'],
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/wpush/v2/device-${nextDevice++}-${randomBytes(6).toString('hex')}`;
      devices.set(endpoint, { ecdh, auth, gone: false });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    gone(endpoint) {
      devices.get(endpoint)!.gone = true;
    },
    redirect(endpoint, location) {
      devices.get(endpoint)!.redirect = location;
    },
    received,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
