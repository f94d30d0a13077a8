import type { Context, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import { parseQuery } from '../../http/validate';
import { createAnswerCache, sendAnswer } from '../../http/answer-cache';
import type { Db } from '../../platform/db';
import { createCatalogueHead } from './head';

/** Browsers and CDNs may keep a public read a few seconds, and serve it stale a little longer while they check. */
export const PUBLIC_READ = 'public, max-age=5, stale-while-revalidate=25';
/** A sync page that does not reach the head: whatever it holds stays a correct step of a pull. */
export const IMMUTABLE_READ = 'public, max-age=31536000, immutable';
/** The sync page at the head: keep it, but ask every time (a 304 is cheap). */
export const REVALIDATE_READ = 'public, no-cache';
/** An answer with a field that depends on who asks. */
export const PERSONAL_READ = 'private, no-cache';

const parsedQueries = new WeakMap<v.GenericSchema, Map<string, unknown>>();

/**
 * parseQuery, remembered by the raw query string: a popular page is asked for in the same
 * words again and again, and its parse is then a lookup. Refused queries are not kept.
 */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const url = c.req.url;
  const mark = url.indexOf('?');
  const raw = mark === -1 ? '' : url.slice(mark + 1);
  let known = parsedQueries.get(schema);
  if (!known) parsedQueries.set(schema, (known = new Map()));
  if (known.has(raw)) return known.get(raw);
  const parsed = parseQuery(c, schema);
  if (known.size >= 1000) known.clear();
  known.set(raw, parsed);
  return parsed;
}

export interface AnswerOptions<T> {
  cacheControl?: string | ((data: T) => string);
  vary?: string;
}

/**
 * Public catalogue reads served from serialised, precompressed answers keyed by the
 * catalogue's head and the normalised query (the caller's key). One per app instance.
 */
export function createPublicReads(db: Db, capBytes: number) {
  const head = createCatalogueHead(db);
  const cache = createAnswerCache(capBytes);
  let lastHead: string | undefined;

  async function answer<T>(c: Context, key: string, load: () => Promise<T>, options: AnswerOptions<T> = {}): Promise<Response> {
    const version = await head.current();
    if (version !== lastHead) {
      // Answers of an older head are never asked for again: give their memory back at once.
      cache.keepOnly(`${version}|`);
      lastHead = version;
    }
    const found = cache.get(`${version}|${key}`, async () => {
      const data = await load();
      const policy = options.cacheControl ?? PUBLIC_READ;
      return { json: JSON.stringify(data), cacheControl: typeof policy === 'function' ? policy(data) : policy };
    });
    return sendAnswer(c, found instanceof Promise ? await found : found, options.vary ?? 'Accept-Encoding');
  }

  /** After any write through this instance (committed by then), the next read checks the head. */
  const watchWrites: MiddlewareHandler = async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') head.changed();
    }
  };

  return { answer, watchWrites, stats: () => ({ ...cache.stats(), head: lastHead }) };
}

export type PublicReads = ReturnType<typeof createPublicReads>;
