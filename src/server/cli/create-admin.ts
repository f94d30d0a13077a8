import { loadConfig } from '../config';
import { migrate, openDatabase } from '../platform/db';
import { createLogger } from '../platform/logging';
import { ensureAdmin, ExistingAccountError } from '../modules/admin';

/**
 * npm run admin:create -- [--promote] <email> <password>: makes (or re-keys) an operator account.
 * An existing buyer or seller account is only made an operator with --promote.
 */
const args = process.argv.slice(2);
const promote = args.includes('--promote');
const [email, password] = args.filter((a) => a !== '--promote');
if (!email || !password || password.length < 8) {
  console.error('Usage: npm run admin:create -- [--promote] <email> <password of 8 or more characters>');
  process.exit(2);
}
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(handle);
try {
  await ensureAdmin(handle.db, { email, password }, createLogger('info'), { promote });
} catch (error) {
  if (!(error instanceof ExistingAccountError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await handle.close();
}
