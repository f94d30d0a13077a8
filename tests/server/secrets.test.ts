import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecret } from '../../src/server/platform/secrets';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

describe('secrets kept in the database', () => {
  it('generates a secret once and gives the same value ever after', async () => {
    const first = await loadSecret(server.deps.db, 'test-once');
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(await loadSecret(server.deps.db, 'test-once', () => 'another candidate')).toBe(first);
    expect(await loadSecret(server.deps.db, 'test-other')).not.toBe(first);
  });

  it('lets exactly one of many concurrent first loads win, and all of them agree', async () => {
    const values = await Promise.all(Array.from({ length: 20 }, (_, i) => loadSecret(server.deps.db, 'test-race', async () => `candidate-${i}`)));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^candidate-\d+$/);
    const rows = await server.deps.db.selectFrom('secrets').selectAll().where('name', '=', 'test-race').execute();
    expect(rows).toHaveLength(1);
  });
});
