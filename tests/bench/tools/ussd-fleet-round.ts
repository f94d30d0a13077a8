import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../src/server/platform/db';
import { freePort, startInstance, startNginx, waitFor, type Instance } from '../../support/fleet';
import { addBenchListing, driveFifty } from './ussd-round';

/**
 * One round of `BENCH_INSTANCES=<n> npm run bench ussd`: n instances of the real server (main.ts,
 * as tests/fleet starts them) on one fresh PostgreSQL database behind the real nginx
 * (tests/support/fleet.ts's config: round-robin, keep-alive), and the same fifty sessions as
 * tools/ussd-round.ts sent to nginx over HTTP, so consecutive steps of a session land on
 * different instances as a gateway's would. Each round gets a database of its own (created next
 * to DATABASE_URL's, dropped after), so every caller is new, as in the in-process round.
 *
 * CPU is each instance's own (all its threads, from /proc/<pid>/task/<tid>/schedstat, Linux);
 * nginx's and PostgreSQL's are not counted. Prints the round's figures as JSON on its last line.
 */
const count = Number(process.argv[2]);
const baseUrl = process.env.DATABASE_URL!;

/** A process's CPU time so far in ms: every thread's time on a CPU (ns), summed. */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const dbName = `${admin.database}_fleet_${Date.now().toString(36)}`;
await admin.query(`create database ${admin.escapeIdentifier(dbName)}`).catch((error: Error) => {
  throw new Error(`BENCH_INSTANCES starts each round on a database of its own, and DATABASE_URL's role could not create one (${error.message}). Give the role CREATEDB.`);
});
const dir = mkdtempSync(join(tmpdir(), 'akuafo-bench-fleet-'));
let instances: Instance[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
try {
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${dbName}`;
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dir,
    // Seed artwork is keyed by content: the tests' shared folder saves copying it each round.
    UPLOADS_DIR: join(tmpdir(), 'akuafo-test-uploads'),
    STATIC_DIR: join(dir, 'no-build'),
    JWT_SECRET: '',
    SEED_HISTORY: 'none',
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  instances = ports.map((port) => startInstance(port, env));
  await Promise.all(instances.map((i) => waitFor(`${i.url}/readyz`).catch((error) => Promise.reject(new Error(`${error}\n${i.log}`)))));
  nginx = await startNginx(join(dir, 'nginx'), await freePort(), ports);
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir, poolMax: 2 });
  const listing = await addBenchListing(handle.db).finally(() => handle.close());
  const url = `${nginx.url}/api/v1/ussd/africastalking`;
  const post = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const figures = await driveFifty(post, listing, () => instances.map((i) => cpuMs(i.process.pid!)));
  console.log(JSON.stringify({ database: 'PostgreSQL', ...figures }));
} finally {
  nginx?.stop();
  for (const instance of instances) instance.process.kill('SIGKILL');
  await Promise.all(instances.map((i) => i.exited));
  await admin.query(`drop database if exists ${admin.escapeIdentifier(dbName)} with (force)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
