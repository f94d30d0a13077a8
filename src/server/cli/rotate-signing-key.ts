import { loadConfig } from '../config';
import { rotateSigningKey } from '../platform/auth/signing-keys';
import { migrate, openDatabase } from '../platform/db';

/**
 * npm run keys:rotate: adds a new token signing key. Every instance signs with it within a
 * minute; tokens signed with the old key keep working until they expire (15 minutes).
 * Not needed when JWT_SECRET is set: then the key is whatever that variable says.
 */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(handle);
const kid = await rotateSigningKey(handle.db);
console.log(`New signing key ${kid}; older keys retired more than 17 minutes ago were removed.`);
await handle.close();
