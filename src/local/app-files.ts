/**
 * The app's own files beyond the first screen (docs/offline.md "What a first visit keeps").
 * The service worker precaches only the core (the documents, the style sheet, the entry
 * script and what the first screen imports: files the page itself has just loaded); the
 * files of the pages a visitor opens are kept as they open them; the rest of the app follows
 * at once on a fast line, or when the app is installed or the person asks. A cheap phone on a
 * slow line pays for what it used, not for the whole app.
 */
import { getMeta, localDb, setMeta, type AkuafoDb } from './db';

export const APP_FILES_CACHE = 'app-files';

/**
 * Whether the worker fetches the whole app when it installs, as the page last decided (the
 * page sees the line as throttled and the app's Data saver; the worker does not):
 * 'asked' (saved on purpose, or installed: stays whole after updates), 'fast', or 'no'.
 * Never written (an app from before this): whole, as that app had it.
 */
export type WholeApp = 'asked' | 'fast' | 'no';
const WHOLE_APP_KEY = 'appFiles.wholeApp';
export const readWholeApp = (db: AkuafoDb = localDb) => getMeta<WholeApp>(WHOLE_APP_KEY, db);
export const setWholeApp = (value: WholeApp, db: AkuafoDb = localDb) => setMeta(WHOLE_APP_KEY, value, db);

/** A precache entry as the build writes it (src/static-build/app-files-manifest.ts). */
export interface AppFile {
  url: string;
  revision: string | null;
  /** Compressed size, as it travels: what "Save the app for offline" costs. */
  bytes?: number;
  /** In the first screen's graph: precached on install whatever the line. */
  core?: boolean;
}

export type AppFilesMessage =
  | { type: 'KEEP_FILES'; urls: string[] }
  | { type: 'SAVE_APP' }
  | { type: 'APP_FILES_STATE' };

export interface AppFilesState {
  /** The app's files not yet on this phone, and what they cost to fetch. */
  missingFiles: number;
  missingBytes: number;
}

interface Line {
  effectiveType?: string;
  saveData?: boolean;
}

/**
 * A line on which the whole app may follow unasked: the browser reports 4g and no Save-Data.
 * A browser that reports nothing (no Network Information API) is not assumed fast: on a
 * KaiOS phone over 2G, 350 KB unasked is the day's data.
 */
export function isFastLine(line: Line | undefined): boolean {
  return line?.effectiveType === '4g' && line.saveData !== true;
}

/** The chunk's name without its content hash ("assets/ProductDetailPage-BObtc_x5.js" → "assets/ProductDetailPage.js"). */
export function chunkName(url: string): string {
  return url.replace(/-[\w-]{8}(\.\w+)$/, '$1');
}
