import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spoolWriter } from '../../src/server/platform/spool';

/** The dev/sandbox mail and SMS spools: the folder is made on the first write, and again after it was removed. */
describe('spoolWriter', () => {
  it('writes fifty files at once into a folder it makes, and makes it again when it was removed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'spool-'));
    const dir = join(root, 'sms');
    const write = spoolWriter(dir);
    await Promise.all(Array.from({ length: 50 }, (_, i) => write(`${i}.txt`, `text ${i}`)));
    expect(readdirSync(dir)).toHaveLength(50);
    expect(readFileSync(join(dir, '7.txt'), 'utf8')).toBe('text 7');

    rmSync(dir, { recursive: true });
    // The write that finds it gone fails (the outbox tries that message again); the next makes it.
    await expect(write('lost.txt', 'x')).rejects.toThrow();
    expect(await write('again.txt', 'y')).toBe(join(dir, 'again.txt'));
    expect(readFileSync(join(dir, 'again.txt'), 'utf8')).toBe('y');
    rmSync(root, { recursive: true });
  });
});
