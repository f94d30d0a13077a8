import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * Where uploads are kept: files under DATA_DIR/uploads, or an S3-compatible bucket (./s3.ts).
 * Keys are our own random names, never user input.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(prefix: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    const full = normalize(join(root, key));
    if (!full.startsWith(normalize(root) + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
