import { getMeta, localDb, setMeta, type AkuafoDb } from './db';

const DATA_SAVER_KEY = 'settings.dataSaver';

/** Whether the browser says the user asked to save data (Chrome's "Lite mode", Save-Data). */
export function browserSavesData(): boolean {
  const connection = (globalThis.navigator as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection;
  return connection?.saveData === true;
}

/**
 * Data saver: the user's own choice once they made one, until then what the browser says.
 * Kept in Dexie so it holds offline and across visits.
 */
export async function readDataSaver(db: AkuafoDb = localDb, browserDefault = browserSavesData()): Promise<boolean> {
  return (await getMeta<boolean>(DATA_SAVER_KEY, db)) ?? browserDefault;
}

/** The user's own Data saver choice, if they made one. */
export function chosenDataSaver(db: AkuafoDb = localDb): Promise<boolean | undefined> {
  return getMeta<boolean>(DATA_SAVER_KEY, db);
}

export function setDataSaver(on: boolean, db: AkuafoDb = localDb): Promise<void> {
  return setMeta(DATA_SAVER_KEY, on, db);
}
