import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/**
 * Reads run on worker threads, each with its own read-only connection to the SQLite file.
 * better-sqlite3 answers on the thread that asks: a catalogue search at 100,000 listings takes
 * tens of milliseconds, and on the event loop every other request (a cached product read, a
 * checkout) would wait that long behind it. WAL lets these readers see every committed write.
 * The code is plain JavaScript evaluated in the worker, so the bundled server needs no extra file.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
// Pages read straight from the file's mapping, not copied into the connection's own 2 MB cache:
// a search at 100,000 listings walks tens of MB of the index, which the 2 MB cache could not
// keep, so every search copied its pages back in with pread (docs/performance.md, issue 25).
// The mapping shares the OS page cache, so it costs no memory of this process's own; writes
// stay on the main connection, which keeps its defaults.
db.pragma('mmap_size = ' + workerData.mmapBytes);
// Linux: this thread yields the CPU to the event loop (nice is per thread there). A search is a
// reader's whole job, tens of milliseconds of CPU; the event loop's work is a few milliseconds at
// most and every other request waits on it. On two CPUs with both readers searching, the loop's
// delays were waits for a CPU, not its own work; a cached read's p50 went 3.1 -> 2.3 ms at
// 100,000 listings (docs/performance.md, issue 25).
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {
  // Not Linux, or not allowed: the readers keep the event loop's priority.
}
const statements = new Map();
function rowsOf({ sql, parameters }) {
  // Kept like the main connection's (statement-cache.ts): by SQL text, least recently used out first.
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > 500) statements.delete(statements.keys().next().value);
  return statement.all(...parameters);
}
parentPort.on('message', ({ id, queries }) => {
  try {
    // One string for every row of every query: the server thread parses it with JSON.parse,
    // cheaper there than a structured clone's object per row (rows are text, numbers and nulls).
    parentPort.postMessage({ id, json: JSON.stringify(queries.map(rowsOf)) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

/** The readers' nice value (Linux): below the event loop's 0, so it gets a CPU first. */
const READER_NICE = 10;

/** Up to 256 MB of the file mapped per reader (the 100,000-listing catalogue is 186 MB); the kernel shares the pages between readers. */
const READER_MMAP_BYTES = 256 * 1024 * 1024;

export interface SqliteReaders {
  read<T>(query: CompiledQuery): Promise<T[]>;
  /** Several reads in one message to one reader (small lookups a page needs together), their rows in order. */
  readAll(queries: readonly CompiledQuery[]): Promise<unknown[][]>;
  close(): Promise<void>;
}

export function createSqliteReaders(file: string, count: number): SqliteReaders {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const waiting = new Map<number, { resolve: (results: unknown[][]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(READER, { eval: true, workerData: { file, driver, mmapBytes: READER_MMAP_BYTES, nice: READER_NICE } });
    worker.on('message', ({ id, json, error }: { id: number; json?: string; error?: string }) => {
      const job = waiting.get(id);
      waiting.delete(id);
      if (error === undefined) job?.resolve(JSON.parse(json!) as unknown[][]);
      else job?.reject(new Error(error));
    });
    // An idle reader must not keep the process alive after the server closed.
    worker.unref();
    return { worker, busy: 0 };
  });
  function readAll(queries: readonly CompiledQuery[]) {
    const id = nextId++;
    const target = workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    target.busy += 1;
    return new Promise<unknown[][]>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      target.worker.postMessage({ id, queries: queries.map(({ sql, parameters }) => ({ sql, parameters })) });
    }).finally(() => {
      target.busy -= 1;
    });
  }
  return {
    readAll,
    read: async <T,>(query: CompiledQuery) => (await readAll([query]))[0] as T[],
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
