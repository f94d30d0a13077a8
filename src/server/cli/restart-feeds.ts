import { loadConfig } from '../config';
import { migrate, openDatabase } from '../platform/db';
import { startNewFeedEpoch } from '../platform/db/feed-epoch';

/**
 * npm run feeds:restart: after restoring the database from a backup (docs/deployment.md).
 * Starts a new feed epoch, so every phone pulls its catalogue and price mirrors again from the
 * start instead of waiting, with a cursor from the lost history, for versions it already passed.
 */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(handle);
const epoch = await startNewFeedEpoch(handle.db);
console.log(`New feed epoch ${epoch}: every phone pulls its mirrors again at its next sync.`);
await handle.close();
