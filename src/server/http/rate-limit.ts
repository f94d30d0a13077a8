import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { RateLimiter } from '../platform/rate-limit';
import { clientIp } from './client-ip';
import type { AppEnv } from './context';
import { HttpError } from './errors';

/** How often one network address, and one account, may make a call in a window. */
export interface RateRule {
  name: string;
  windowMs: number;
  perIp: number;
  perAccount: number;
  message: string;
}

/**
 * Counts one call against the caller's address and, when one is known, against the account
 * (the signed-in user, or the e-mail the call is about). Over either allowance: 429 with
 * Retry-After. Both count, so neither many addresses nor many accounts get round it.
 */
export async function spendAllowance(c: Context<AppEnv>, limiter: RateLimiter, rule: RateRule, account: string | number | undefined = c.get('user')?.id) {
  const keys: [string, number][] = [[`${rule.name}:ip:${clientIp(c)}`, rule.perIp]];
  if (account !== undefined && account !== '') keys.push([`${rule.name}:account:${String(account).toLowerCase()}`, rule.perAccount]);
  let retryAfter = 0;
  for (const [key, limit] of keys) {
    const hit = await limiter.hit(key, limit, rule.windowMs);
    if (!hit.allowed) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
  }
  if (retryAfter > 0) {
    c.header('Retry-After', String(retryAfter));
    throw new HttpError(429, rule.message);
  }
}

/**
 * The account's share of a rule only, for callers whose network address says nothing about
 * them (a USSD gateway speaks for every caller): the number or account is the key.
 */
export async function spendAccountAllowance(limiter: RateLimiter, rule: RateRule, account: string | number): Promise<void> {
  const hit = await limiter.hit(`${rule.name}:account:${String(account).toLowerCase()}`, rule.perAccount, rule.windowMs);
  if (!hit.allowed) throw new HttpError(429, rule.message, undefined, undefined, { 'Retry-After': String(hit.retryAfterSeconds) });
}

/** spendAllowance as a route's middleware, for calls whose account is the signed-in user. */
export function rateLimit(limiter: RateLimiter, rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await spendAllowance(c, limiter, rule);
    await next();
  });
}
