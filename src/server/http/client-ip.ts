import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import { BlockList, isIP } from 'node:net';

/** The proxies in front of us when TRUSTED_PROXIES is unset: nginx on this machine. */
export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.1', '::1'];

/** TRUSTED_PROXIES entries (addresses or CIDR ranges) as a set to test addresses against. */
export function trustedProxySet(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or a range like 10.0.0.0/8`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}

const isTrusted = (trusted: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/**
 * The address a request came from, for rate limits. Each trusted proxy appends the address it
 * saw to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for), so the chain is read from the
 * right, starting at the socket: the first hop that is not a trusted proxy is the client.
 * Everything to its left was written by the client and proves nothing. In-process test
 * requests have no socket; they count as coming through a trusted proxy.
 */
export function addressFrom(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: BlockList): string {
  if (socketAddress && !isTrusted(trusted, socketAddress)) return socketAddress;
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(trusted, hops[i]!)) return hops[i]!.slice(0, 64);
  }
  // Every hop is a trusted proxy (someone on the proxy's own machine): the furthest one.
  return hops[0]?.slice(0, 64) ?? socketAddress ?? 'local';
}

function socketOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

const defaultTrusted = trustedProxySet(DEFAULT_TRUSTED_PROXIES);

/** Works the caller's address out once per request, with the configured proxies. */
export function rememberClientIp(trustedProxies: string[]) {
  const trusted = trustedProxySet(trustedProxies);
  return createMiddleware<{ Variables: { clientIp: string | undefined } }>(async (c, next) => {
    c.set('clientIp', addressFrom(socketOf(c), c.req.header('x-forwarded-for'), trusted));
    await next();
  });
}

export function clientIp(c: Context): string {
  return (c.get('clientIp') as string | undefined) ?? addressFrom(socketOf(c), c.req.header('x-forwarded-for'), defaultTrusted);
}
