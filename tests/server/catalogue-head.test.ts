import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogueHead } from '../../src/server/modules/catalogue/head';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe('the catalogue head', () => {
  it('survives a failed read nobody waits for, and still reports it to whoever does', async () => {
    // A database without the counters table: every read of the head fails.
    handle = await openDatabase({ dataDir: '', sqliteFile: ':memory:' });
    const head = createCatalogueHead(handle.db);
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      // The known-answer lane asks without waiting for the answer.
      head.current();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      await expect(head.current()).rejects.toThrow(/counters/);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
