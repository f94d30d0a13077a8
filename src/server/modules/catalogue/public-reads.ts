import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { answerResponse, createAnswerCache, formWanted, sendAnswer, type HeaderOf } from '../../http/answer-cache';
import type { AppEnv } from '../../http/context';
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

/** How many URLs the known-answer index holds before it starts again (popular ones return at once). */
const KNOWN_URLS_MAX = 10_000;
interface KnownUrl {
  key: string;
  vary: string;
  route: string;
}
const pathAndQuery = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

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
  /** Answers given to anonymous requests at the current head, by the path and query asked. */
  const byUrl = new Map<string, KnownUrl>();

  async function answer<T>(c: Context<AppEnv>, key: string, load: (head: string) => Promise<T>, options: AnswerOptions<T> = {}): Promise<Response> {
    const version = await head.current();
    if (version !== lastHead) {
      // Answers of an older head are never asked for again: give their memory back at once.
      cache.keepOnly(`${version}|`);
      byUrl.clear();
      lastHead = version;
    }
    const cacheKey = `${version}|${key}`;
    const header = (name: string) => c.req.header(name);
    const found = cache.get(
      cacheKey,
      async () => {
        const data = await load(version);
        const policy = options.cacheControl ?? PUBLIC_READ;
        return { json: JSON.stringify(data), cacheControl: typeof policy === 'function' ? policy(data) : policy };
      },
      formWanted(header),
    );
    const vary = options.vary ?? 'Accept-Encoding';
    if (!c.req.header('authorization') && version === lastHead) {
      if (byUrl.size >= KNOWN_URLS_MAX) byUrl.clear();
      byUrl.set(pathAndQuery(c.req.url), { key: cacheKey, vary, route: routePath(c) });
    }
    return sendAnswer(c, found instanceof Promise ? await found : found, vary);
  }

  /**
   * The answer to an anonymous GET already answered at the current head, ready to send
   * without the app's middleware chain (routing, validation, the checks a read with no
   * identity and no body does not need): on a market day most requests are these. Undefined
   * when the head must be read again or the URL is new; the app then answers as usual.
   */
  function knownAnswer(url: string, header: HeaderOf, securityHeaders: Record<string, string>): { response: Response; route: string; path: string } | undefined {
    const version = head.current();
    if (version !== lastHead) return undefined;
    const asked = pathAndQuery(url);
    const known = byUrl.get(asked);
    // An answer not yet held in the form this client takes is left to the app, which waits for it.
    const found = known && cache.peek(known.key, formWanted(header));
    if (!known || !found) return undefined;
    return { response: answerResponse(found, known.vary, header, securityHeaders), route: known.route, path: asked.split('?')[0] };
  }

  /** After any write through this instance (committed by then), the next read checks the head. */
  const watchWrites: MiddlewareHandler = async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') head.changed();
    }
  };

  /** The head now, and its catalogue counter (the sync cursor a mirror holding everything has reached). */
  const currentHead = async () => String(await head.current());
  const catalogueVersion = async () => Number((await currentHead()).split('.')[0]);

  return { answer, knownAnswer, watchWrites, head: currentHead, catalogueVersion, stats: () => ({ ...cache.stats(), knownUrls: byUrl.size, head: lastHead }) };
}

export type PublicReads = ReturnType<typeof createPublicReads>;
