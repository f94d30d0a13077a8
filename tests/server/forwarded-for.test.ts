import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { addressFrom, trustedProxySet } from '../../src/server/http/client-ip';
import { freePort, nginxAvailable, nginxConfig, startInstance, startNginx, waitFor, type Instance } from '../support/fleet';

/**
 * Issue 21 item 2: the per-address sign-in limit, attacked through the real nginx with the
 * config of docs/deployment.md. Clients connect from their own loopback addresses
 * (127.0.0.5, 127.0.0.6); nginx reaches the instance from 127.0.0.1, the one trusted proxy.
 */
const missing = !nginxAvailable() ? 'nginx is not installed at /usr/sbin/nginx' : undefined;
if (missing && process.env.CI === 'true') throw new Error(`The X-Forwarded-For test cannot run on CI: ${missing}`);
if (missing) console.warn(`Skipping the X-Forwarded-For test through nginx: ${missing}`);

/** A sign-in sent from a chosen local address, so the proxy sees that address. */
function signIn(url: string, from: string, email: string, forwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email, password: 'Wrong#Pass1' });
    const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    const req = request(`${url}/api/v1/auth/login`, { method: 'POST', localAddress: from, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(!!missing)('the per-address limit behind nginx', () => {
  const dir = mkdtempSync(join(tmpdir(), 'akuafo-xff-'));
  let instance: Instance;
  let nginx: Awaited<ReturnType<typeof startNginx>>;

  beforeAll(async () => {
    instance = startInstance(await freePort(), {
      DATABASE_URL: '',
      DATA_DIR: dir,
      STATIC_DIR: join(dir, 'no-build'),
      SEED: 'none',
      JWT_SECRET: '',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    await waitFor(`${instance.url}/readyz`).catch((error) => Promise.reject(new Error(`${error}\n${instance.log}`)));
    nginx = await startNginx(join(dir, 'nginx'), await freePort(), [instance.port]);
  }, 120_000);

  afterAll(async () => {
    nginx?.stop();
    instance?.process.kill('SIGKILL');
    await instance?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('tests the proxy header the documented config sets', () => {
    const documented = readFileSync('docs/deployment.md', 'utf8');
    const line = 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;';
    expect(documented).toContain(line);
    expect(nginxConfig(dir, 1, [2])).toContain(line);
  });

  it('counts 30 sign-ins with 30 forged left-most X-Forwarded-For entries against the one address nginx saw', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await signIn(nginx.url, '127.0.0.5', `guess${i}@example.com`, `203.0.113.${i}`));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // Another client behind the same nginx has its own allowance.
    expect(await signIn(nginx.url, '127.0.0.6', 'someone@example.com', '127.0.0.5')).toBe(401);
  });

  it('ignores X-Forwarded-For from a client that reaches the instance without the proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await signIn(instance.url, '127.0.0.7', `direct${i}@example.com`, `198.51.100.${i}`));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe('reading X-Forwarded-For from the right', () => {
  const configDir = mkdtempSync(join(tmpdir(), 'akuafo-config-'));
  const dir = () => configDir;
  afterAll(() => rmSync(configDir, { recursive: true, force: true }));
  const trusted = trustedProxySet(['127.0.0.1', '::1', '10.0.0.0/8']);
  it('takes the right-most hop that is not a trusted proxy', () => {
    expect(addressFrom('127.0.0.1', '6.6.6.6, 41.66.1.2', trusted)).toBe('41.66.1.2');
    // A CDN in 10/8 before nginx: both are skipped.
    expect(addressFrom('::ffff:127.0.0.1', 'forged, 41.66.1.2, 10.1.2.3', trusted)).toBe('41.66.1.2');
    expect(addressFrom('41.66.1.9', '6.6.6.6', trusted)).toBe('41.66.1.9');
    expect(addressFrom('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
  });
  it('refuses a TRUSTED_PROXIES entry that is not an address or range, at start', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), TRUSTED_PROXIES: '127.0.0.1, nginx.local' })).toThrow(/TRUSTED_PROXIES: "nginx.local"/);
    expect(() => loadConfig({ DATA_DIR: dir(), TRUSTED_PROXIES: '10.0.0.0/40' })).toThrow(/prefix/);
    expect(loadConfig({ DATA_DIR: dir(), TRUSTED_PROXIES: '10.0.0.5, fd00::/8' }).trustedProxies).toEqual(['10.0.0.5', 'fd00::/8']);
  });
});
