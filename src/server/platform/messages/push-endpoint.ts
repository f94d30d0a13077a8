import dns, { type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send Web Push. An endpoint is a URL the browser hands us, so anyone
 * signed in can name any URL: left unchecked, the server would connect wherever it points
 * (itself, the database, the cloud's metadata service). Only push services on the public
 * internet are reached: https on port 443, at an address that is not loopback, private,
 * link-local, CGNAT, unique-local or otherwise special (IPv4-mapped IPv6 included). The
 * check runs at subscribe and again inside the connection's own DNS lookup, so the socket
 * connects to exactly the addresses checked (a name that later resolves inward is refused).
 *
 * PUSH_ALLOW_HOSTS names hosts exempt from the check, for the tests' local push service
 * only; nothing is exempt by default.
 */

/** How many devices one account may receive push on; a sixth replaces the oldest. */
export const PUSH_MAX_DEVICES = 5;

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is on the public internet (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export const PUSH_ENDPOINT_MESSAGES = {
  notHttps: 'endpoint must be an https URL',
  notPushService: 'endpoint must be a push service on the internet (https, port 443, a public address)',
  unreachable: 'endpoint\'s host cannot be found',
} as const;

const allowed = (hostname: string, allowHosts: readonly string[]) => allowHosts.includes(hostname.toLowerCase());

/** The URL's host as a name or a bare IP address (URL keeps IPv6 in brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** What is wrong with an endpoint on its face (before DNS), or undefined. */
export function endpointProblem(endpoint: string, allowHosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_MESSAGES.notHttps;
  }
  if (url.protocol !== 'https:') return PUSH_ENDPOINT_MESSAGES.notHttps;
  const host = hostOf(url);
  if (allowed(host, allowHosts)) return undefined;
  if (url.username || url.password || url.port !== '') return PUSH_ENDPOINT_MESSAGES.notPushService;
  if (isIP(host) !== 0 && !isPublicAddress(host)) return PUSH_ENDPOINT_MESSAGES.notPushService;
  if (isIP(host) === 0 && !host.includes('.')) return PUSH_ENDPOINT_MESSAGES.notPushService; // "localhost", intranet names
  return undefined;
}

const lookupAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dns.lookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** The full check at subscribe: on its face, and every address its name resolves to. */
export async function checkEndpoint(endpoint: string, allowHosts: readonly string[]): Promise<string | undefined> {
  const problem = endpointProblem(endpoint, allowHosts);
  if (problem) return problem;
  const host = hostOf(new URL(endpoint));
  if (allowed(host, allowHosts) || isIP(host) !== 0) return undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host);
  } catch {
    return PUSH_ENDPOINT_MESSAGES.unreachable;
  }
  return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address)) ? undefined : PUSH_ENDPOINT_MESSAGES.notPushService;
}

/** The error a connection gets when its name resolves to an address that is not public. */
export class RefusedPushAddress extends Error {
  readonly code = 'EPUSHREFUSED';
}

/**
 * The DNS lookup of push connections: resolves, refuses the connection if any address is not
 * public, and hands the socket the addresses it checked. (Node skips the lookup for a bare IP,
 * which endpointProblem has judged before the request.)
 */
export function publicOnlyLookup(allowHosts: readonly string[]): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (!allowed(hostname, allowHosts) && (addresses.length === 0 || refused)) {
        return callback(new RefusedPushAddress(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`));
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as LookupFunction;
}
