import type { Config } from './config';
import type { Deps } from './http/context';
import { loadSigningKeys } from './platform/auth/signing-keys';
import { createTokenSigner } from './platform/auth/tokens';
import { migrate, openDatabase, withStartupLock, type DatabaseHandle } from './platform/db';
import { seedDemo } from './platform/db/seed';
import { seedMarketHistory } from './modules/demo';
import { createLifecycle } from './platform/lifecycle';
import { createLogger, type Logger } from './platform/logging';
import { createMailer } from './platform/mail';
import { createChannels } from './platform/messages/channels';
import { registerOutboxMetrics } from './platform/messages/metrics';
import { createMessageWorker } from './platform/messages/worker';
import { createMetrics } from './platform/metrics';
import { createRateLimiter, createSharedRateLimiter } from './platform/rate-limit';
import { loadSecret } from './platform/secrets';
import { createLocalStorage } from './platform/storage';
import { createS3Storage } from './platform/storage/s3';
import { ensureAdmin } from './modules/admin';
import { createSessionCheck } from './modules/accounts';
import { textSalesRecord } from './modules/sellers';

/** Opens and migrates the database, seeds it if asked, and builds what the routers need. */
export async function createDeps(config: Config, logger: Logger = createLogger(config.logLevel), pgSchema?: string, options: { processMetrics?: boolean } = {}) {
  const open = (poolMax?: number) => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema, poolMax, sqliteReaders: config.sqliteReaders });
  const handle: DatabaseHandle = await open(config.databasePoolSize);
  const lifecycle = createLifecycle();
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  await withStartupLock(handle, async () => {
    await migrate(handle);
    if (config.seed === 'demo' && (await seedDemo(handle.db, storage, logger)) && config.seedHistory) {
      const started = Date.now();
      const orders = await seedMarketHistory(handle.db, { config, mailer, logger });
      logger.info({ orders, ms: Date.now() - started }, 'seeded 12 weeks of market trade');
    }
    if (config.admin) await ensureAdmin(handle.db, config.admin, logger);
  });
  lifecycle.started = true;
  // Rate-limit hits must not wait for a pool that busy requests have filled: on PostgreSQL they
  // get a small pool of their own.
  const limiterHandle = handle.dialect === 'postgres' ? await open(2) : undefined;
  const signingKeys = await loadSigningKeys(handle.db, config.jwtSecret);
  const deps: Deps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    readOffLoop: handle.readOffLoop,
    readAllOffLoop: handle.readAllOffLoop,
    logger,
    storage,
    tokens: createTokenSigner(signingKeys),
    codeHmacKey: await loadSecret(handle.db, 'one-time-code-hmac-key'),
    mailer,
    rateLimiter: limiterHandle ? createSharedRateLimiter(limiterHandle.db) : createRateLimiter(),
    sessions: createSessionCheck(handle.db),
    metrics: createMetrics({ poolStats: handle.poolStats, processMetrics: options.processMetrics }),
    lifecycle,
    messages: createMessageWorker({ db: handle.db, dialect: handle.dialect, logger, channels: createChannels(config, handle.db, mailer, logger) }),
    salesRecords: { textToSeller: (sellerId, to) => textSalesRecord({ db: handle.db, config }, sellerId, to) },
  };
  registerOutboxMetrics(deps.metrics.registry, handle.db);
  const close = async () => {
    signingKeys.stop();
    deps.rateLimiter.stop();
    await limiterHandle?.close();
    await handle.close();
  };
  return { deps, close };
}
