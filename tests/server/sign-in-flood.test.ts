import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21 item 12: a flood of bad sign-ins once filled libuv's thread pool with argon2 and
 * /media took seconds. argon2's verify is wrapped here to count the hashes and hold them until
 * the test lets go, as a busy machine would: what matters is how many are hashed, not how fast.
 */
const argon = vi.hoisted(() => {
  let open!: () => void;
  return { verified: 0, gate: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
});
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: async (...args: Parameters<typeof real.verify>) => {
      argon.verified += 1;
      await argon.gate;
      return real.verify(...args);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

describe('a flood of bad sign-ins', () => {
  it('hashes at most a small bounded number at once and sheds the rest with 503 and Retry-After before hashing', async () => {
    // 60 strangers, each with their own address and e-mail: no rate limit applies to any of them.
    const pending = Array.from({ length: 60 }, (_, i) =>
      server.call('/auth/login', { method: 'POST', json: { email: `flood${i}@example.com`, password: 'Wrong#Pass1' }, headers: { 'x-forwarded-for': `10.12.${i}.1` } }),
    );
    const shed: Response[] = [];
    for (const answer of pending) void answer.then((r) => r.status === 503 && shed.push(r));
    try {
      await vi.waitFor(() => expect(shed.length).toBe(50), { timeout: 20_000, interval: 50 });
      // While the admitted ones are still hashing: 2 run, 8 wait their turn.
      expect(argon.verified).toBe(2);
    } finally {
      argon.open();
    }
    const statuses = (await Promise.all(pending)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 503)).toHaveLength(50);
    expect(argon.verified).toBe(10);
    const busy = shed[0]!;
    expect(busy.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await busy.json()).toEqual({ message: 'Many people are signing in right now. Please try again in a few seconds.', code: 'busy' });
  });

});
