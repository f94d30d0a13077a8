import type { Config } from './config';
import type { Deps } from './http/context';
import { createTokenSigner } from './platform/auth/tokens';
import { migrate, openDatabase, type DatabaseHandle } from './platform/db';
import { seedDemo } from './platform/db/seed';
import { createLogger, type Logger } from './platform/logging';
import { createMailer } from './platform/mail';
import { createRateLimiter } from './platform/rate-limit';
import { createLocalStorage } from './platform/storage';
import { ensureAdmin } from './modules/admin/bootstrap';

/** Opens and migrates the database, seeds it if asked, and builds what the routers need. */
export async function createDeps(config: Config, logger: Logger = createLogger(config.logLevel), pgSchema?: string) {
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema });
  await migrate(handle);
  const storage = createLocalStorage(config.uploadsDir);
  if (config.seed === 'demo') await seedDemo(handle.db, storage, logger);
  if (config.admin) await ensureAdmin(handle.db, config.admin, logger);
  const deps: Deps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    logger,
    storage,
    tokens: createTokenSigner(config.jwtSecret),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    rateLimiter: createRateLimiter(),
  };
  return { deps, close: () => handle.close() };
}
