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

/** One rule to spend: `account` is the one its account allowance counts against, if any. */
export type Spend = readonly [rule: RateRule, account?: string | number];

const accountKey = (rule: RateRule, account: string | number) => `${rule.name}:account:${String(account).toLowerCase()}`;
const known = (account: string | number | undefined): account is string | number => account !== undefined && account !== '';

/**
 * Spends several rules' allowances in one hit of the limiter (one statement on PostgreSQL), in
 * order: within a rule every bucket counts (address and account); the first rule refused gives
 * back the hits of the rules after it (they were never reached, as when each was spent in turn)
 * and is the 429, with its Retry-After.
 */
async function spend(limiter: RateLimiter, spends: readonly { rule: RateRule; keys: [string, number][] }[]): Promise<void> {
  const hits = spends.flatMap(({ rule, keys }) => keys.map(([key, limit]) => ({ key, limit, windowMs: rule.windowMs, rule })));
  const verdicts = await limiter.hitMany(hits);
  const refused = spends.find(({ rule }) => verdicts.some((v, i) => !v.allowed && hits[i]!.rule === rule));
  if (!refused) return;
  const after = spends.slice(spends.indexOf(refused) + 1).map((s) => s.rule);
  await Promise.all(hits.filter((h) => after.includes(h.rule)).map((h) => limiter.release(h.key)));
  const retryAfter = Math.max(...verdicts.filter((v, i) => !v.allowed && hits[i]!.rule === refused.rule).map((v) => v.retryAfterSeconds));
  throw new HttpError(429, refused.rule.message, undefined, undefined, { 'Retry-After': String(retryAfter) });
}

/**
 * Counts one call against the caller's address and, when one is known, against the account
 * (the signed-in user, or the e-mail the call is about), for each rule given. Over either
 * allowance: 429 with Retry-After. Both count, so neither many addresses nor many accounts get
 * round it. Several rules in one call are one hit of the limiter.
 */
export async function spendAllowances(c: Context<AppEnv>, limiter: RateLimiter, ...spends: Spend[]): Promise<void> {
  const ip = clientIp(c);
  const user = c.get('user')?.id;
  await spend(
    limiter,
    spends.map(([rule, account = user]) => {
      const keys: [string, number][] = [[`${rule.name}:ip:${ip}`, rule.perIp]];
      if (known(account)) keys.push([accountKey(rule, account), rule.perAccount]);
      return { rule, keys };
    }),
  );
}

/** spendAllowances for one rule. */
export function spendAllowance(c: Context<AppEnv>, limiter: RateLimiter, rule: RateRule, account: string | number | undefined = c.get('user')?.id) {
  return spendAllowances(c, limiter, [rule, account]);
}

/**
 * The account's share of rules only, for callers whose network address says nothing about
 * them (a USSD gateway speaks for every caller): the number or account is the key. Several
 * rules are one hit of the limiter, with spendAllowances' order.
 */
export function spendAccountAllowances(limiter: RateLimiter, ...spends: readonly (readonly [rule: RateRule, account: string | number])[]): Promise<void> {
  return spend(limiter, spends.map(([rule, account]) => ({ rule, keys: [[accountKey(rule, account), rule.perAccount]] })));
}

export function spendAccountAllowance(limiter: RateLimiter, rule: RateRule, account: string | number): Promise<void> {
  return spendAccountAllowances(limiter, [rule, account]);
}

/** spendAllowance as a route's middleware, for calls whose account is the signed-in user. */
export function rateLimit(limiter: RateLimiter, rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await spendAllowance(c, limiter, rule);
    await next();
  });
}
