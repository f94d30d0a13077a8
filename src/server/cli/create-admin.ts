import { loadConfig } from '../config';
import { migrate, openDatabase } from '../platform/db';
import { createLogger } from '../platform/logging';
import { ensureAdmin } from '../modules/admin/bootstrap';

/** npm run admin:create -- <email> <password>: makes (or resets) an operator account. */
const [email, password] = process.argv.slice(2);
if (!email || !password || password.length < 8) {
  console.error('Usage: npm run admin:create -- <email> <password of 8 or more characters>');
  process.exit(2);
}
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(handle);
await ensureAdmin(handle.db, { email, password }, createLogger('info'));
await handle.close();
