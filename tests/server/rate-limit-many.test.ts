import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendAccountAllowances, type RateRule } from '../../src/server/http/rate-limit';
import { HttpError } from '../../src/server/http/errors';
import { createRateLimiter, createSharedRateLimiter, type RateLimiter } from '../../src/server/platform/rate-limit';
import { startTestServer, type TestServer } from '../support/server';

/**
 * hitMany: several buckets counted in one call (one statement in the database), each exactly as
 * if hit in turn, however many callers hit them at once; on SQLite and on PostgreSQL (the shared
 * limiter runs on the test server's database, whichever it is) and in memory.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tag = () => Math.random().toString(36).slice(2);
const kinds: [string, () => RateLimiter[]][] = [
  ['in memory', () => [createRateLimiter()]],
  // Two limiters on one table, as two instances of a fleet share it.
  ['in the database', () => [createSharedRateLimiter(server.deps.db), createSharedRateLimiter(server.deps.db)]],
];

describe.each(kinds)('hitMany %s', (_, make) => {
  it('counts 60 concurrent hits across two buckets exactly, whatever order each call names them in', async () => {
    const limiters = make();
    const a = `test:a:${tag()}`;
    const b = `test:b:${tag()}`;
    const verdicts = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const hits = [{ key: a, limit: 20, windowMs: 60_000 }, { key: b, limit: 45, windowMs: 60_000 }];
        // Half name the buckets the other way round: in the database both lock in one order.
        const named = i % 2 ? hits.toReversed() : hits;
        return limiters[i % limiters.length]!.hitMany(named).then((v) => (i % 2 ? v.toReversed() : v));
      }),
    );
    expect(verdicts.filter(([va]) => va!.allowed)).toHaveLength(20);
    expect(verdicts.filter(([, vb]) => vb!.allowed)).toHaveLength(45);
    expect(await limiters[0]!.count(a)).toBe(60);
    expect(await limiters[0]!.count(b)).toBe(60);
    // Single hits share the same counters.
    expect((await limiters.at(-1)!.hit(b, 61, 60_000)).allowed).toBe(true);
    expect(await limiters[0]!.count(b)).toBe(61);
    expect(verdicts.flat().filter((v) => !v.allowed).every((v) => v.retryAfterSeconds >= 1 && v.retryAfterSeconds <= 60)).toBe(true);
    limiters.forEach((l) => l.stop());
  });

  it('counts a bucket named twice in one call twice, the second seeing the first', async () => {
    const [limiter] = make();
    const key = `test:twice:${tag()}`;
    const other = `test:other:${tag()}`;
    const verdicts = await limiter!.hitMany([{ key, limit: 2, windowMs: 60_000 }, { key: other, limit: 1, windowMs: 60_000 }, { key, limit: 2, windowMs: 60_000 }, { key, limit: 2, windowMs: 60_000 }]);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(await limiter!.count(key)).toBe(3);
    expect(await limiter!.hitMany([])).toEqual([]);
    limiter!.stop();
  });

  it('starts a new window for a bucket whose window is over, and keeps the other', async () => {
    let t = Date.now();
    const limiter = make().length === 1 ? createRateLimiter(() => t) : createSharedRateLimiter(server.deps.db, () => t);
    const short = `test:short:${tag()}`;
    const long = `test:long:${tag()}`;
    const both = () => limiter.hitMany([{ key: short, limit: 1, windowMs: 1_000 }, { key: long, limit: 2, windowMs: 60_000 }]);
    expect((await both()).map((v) => v.allowed)).toEqual([true, true]);
    expect((await both()).map((v) => v.allowed)).toEqual([false, true]);
    t += 1_001;
    expect((await both()).map((v) => v.allowed)).toEqual([true, false]);
    limiter.stop();
  });
});

describe('spending several rules at once (a USSD confirm: checkouts, then prompts)', () => {
  const first: RateRule = { name: `first-${tag()}`, windowMs: 60_000, perIp: 100, perAccount: 2, message: 'Too many of the first.' };
  const second: RateRule = { name: `second-${tag()}`, windowMs: 60_000, perIp: 100, perAccount: 3, message: 'Too many of the second.' };
  const spendBoth = (limiter: RateLimiter) => spendAccountAllowances(limiter, [first, 'acct'], [second, '0241000001']);
  const refusal = (p: Promise<void>) => p.then(() => undefined, (e: unknown) => e);

  it.each(kinds)('%s: a refused rule gives back the later rules it never reached; an earlier rule stays spent', async (_, make) => {
    const [limiter] = make();
    await spendBoth(limiter!);
    await spendBoth(limiter!);
    // The first rule is spent: the second is counted and given back, as if never reached.
    const refused = await refusal(spendBoth(limiter!));
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect((refused as HttpError).message).toBe(first.message);
    expect(Number((refused as HttpError).headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(await limiter!.count(`${second.name}:account:0241000001`)).toBe(2);
    expect(await limiter!.count(`${first.name}:account:acct`)).toBe(3);
    // Refused by the second rule alone: the first was reached, so it counts.
    await spendAccountAllowances(limiter!, [second, '0241000001']);
    const bySecond = await refusal(spendAccountAllowances(limiter!, [second, '0241000001']));
    expect((bySecond as HttpError).message).toBe(second.message);
    limiter!.stop();
  });
});
