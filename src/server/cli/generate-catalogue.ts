import { loadConfig } from '../config';
import { generateCatalogue } from '../platform/db/generate-catalogue';
import { migrate, openDatabase } from '../platform/db';
import { createLocalStorage } from '../platform/storage';
import { createS3Storage } from '../platform/storage/s3';

/**
 * npm run catalogue:generate -- <count>: fills the database `npm start` would open (DATA_DIR or
 * DATABASE_URL, read by the same loadConfig) with <count> generated listings, migrating an
 * empty database first. Then `SEED=none npm start` serves it.
 */
const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error('Usage: npm run catalogue:generate -- <how many listings, 1 to 5,000,000>');
  process.exit(2);
}
const config = loadConfig({ SEED: 'none', ...process.env });
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(handle);
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(`Generating ${count.toLocaleString('en')} listings into ${where}…`);
  let shown = 0;
  const result = await generateCatalogue(handle, storage, count, (done) => {
    if (done - shown >= count / 10 || done === count) {
      shown = done;
      console.log(`  ${done.toLocaleString('en')} listings`);
    }
  });
  console.log(
    `Done in ${(result.ms / 1000).toFixed(1)} s: ${result.products.toLocaleString('en')} live listings, ${result.pending.toLocaleString('en')} waiting for review, ` +
      `${result.sellers.toLocaleString('en')} sellers (the busiest, user ${result.busiestSeller.id}, has ${result.busiestSeller.listings.toLocaleString('en')}).`,
  );
} finally {
  await handle.close();
}
