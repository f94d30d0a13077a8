import { inject } from 'vitest';

/** One `npm start` of the e2e run: its address and its data folder (the SQLite file, mail and SMS spools). */
export interface E2eServer {
  baseUrl: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (tests/e2e/global-setup.ts); empty without a browser. */
    e2eServers: E2eServer[];
  }
}

/**
 * The server of the worker running this file. The e2e files run two at a time, and a file
 * changes the data it reads (carts, stock, sign-ins, the spools), so each worker has a server
 * of its own and a file never shares one with the file running beside it: as before, a server
 * sees one file at a time. VITEST_POOL_ID is the worker's number, 1 to the project's maxWorkers.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  if (servers.length === 0) return { baseUrl: '', dataDir: '' };
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[worker - 1];
  if (!server) throw new Error(`e2e worker ${worker} has no server: the e2e project's maxWorkers (vite.config.ts) is more than E2E_WORKERS's ${servers.length} servers.`);
  return server;
}
