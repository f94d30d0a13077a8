import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's address for rate limits. X-Forwarded-For is believed only when the
 * connection comes from this machine (a reverse proxy in front of us); otherwise anyone could
 * dodge the limit by inventing the header. In-process test requests have no socket.
 */
export function clientIp(c: Context): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    socketAddress = undefined;
  }
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const local = !socketAddress || socketAddress === '127.0.0.1' || socketAddress === '::1' || socketAddress === '::ffff:127.0.0.1';
  if (local && forwarded) return forwarded;
  return socketAddress ?? 'local';
}
