import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes files into a spool folder (the dev/sandbox mail and SMS spools), making the folder on
 * the first write rather than on every one (fifty at once made it fifty times); a failed write
 * makes it again next time, in case it was removed.
 */
export function spoolWriter(dir: string) {
  let made: Promise<unknown> | undefined;
  return async (name: string, data: string | Uint8Array): Promise<string> => {
    const file = join(dir, name);
    try {
      await (made ??= mkdir(dir, { recursive: true }));
      await writeFile(file, data);
    } catch (error) {
      made = undefined;
      throw error;
    }
    return file;
  };
}
