import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, brotliDecompressSync, constants, gunzip, gunzipSync, gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from './context';
import { completeResponse } from './security';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);
const unbrotliAsync = promisify(brotliDecompress);

export type Encoding = 'br' | 'gzip';
/** How a request takes an answer: compressed one way, or plain. */
export type Form = Encoding | 'identity';

/**
 * Compression levels. An answer asked for once (most distinct searches) is compressed once, in
 * the one encoding its request takes, at a quick level: on a 19 KB search page brotli 5 took
 * about 1 ms for 1.9 KB and gzip 6 0.3 ms for 2.1 KB, where brotli 9 took 7 ms for 1% less and
 * gzip 9 0.6 ms. Asked again, it is worth the best level, in both encodings.
 */
export const QUICK = { br: 5, gzip: 6 } as const;
export const BEST = { br: 9, gzip: 9 } as const;

/**
 * A JSON answer kept ready to send, with its ETag (of the JSON, whatever the encoding). It
 * holds what has been compressed so far: first the form its first request took (at QUICK, or
 * the plain JSON for a client that takes no compression), then both encodings at BEST once it
 * was asked for again (`best`). Each body is replaced whole, never changed in place.
 */
export interface CachedAnswer {
  etag: string;
  cacheControl: string;
  /** JSON unless the fill said otherwise (a rendered page is HTML). */
  contentType?: string;
  /** 200 unless the fill said otherwise (a rendered page saying its commodity does not exist is a 404). */
  status?: number;
  gzip?: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  /** The plain JSON, kept only while neither encoding is. */
  identity?: Uint8Array<ArrayBuffer>;
  best: boolean;
  bytes: number;
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  capBytes: number;
  hits: number;
  misses: number;
  /** Answers compressed again at the best level, in both encodings, because they were asked for again. */
  upgrades: number;
}

/** What a fill makes: the body (JSON unless `contentType` says otherwise) and how long browsers may keep it. */
type Fill = () => Promise<{ json: string; cacheControl: string; contentType?: string; status?: number }>;

/**
 * Serialised, compressed answers in least-recently-used order under a byte cap. Keys are the
 * caller's (normalised query and data version); a key asked for by many requests at once is
 * computed once. Compression runs on libuv's thread pool, off the event loop: a new answer in
 * the encoding asked for at a quick level, a repeated one in both at the best level.
 */
export function createAnswerCache(capBytes: number) {
  const entries = new Map<string, CachedAnswer>();
  const filling = new Map<string, Promise<CachedAnswer>>();
  const upgrading = new Map<CachedAnswer, Promise<CachedAnswer>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let upgrades = 0;
  /** The data version's prefix of the last keepOnly: an answer of an older version, filled or compressed late, is not kept. */
  let current = '';

  function trim() {
    for (const [oldKey, old] of entries) {
      if (bytes <= capBytes) break;
      entries.delete(oldKey);
      bytes -= old.bytes;
    }
  }

  /** One answer may take at most an eighth of the cache, so a huge page cannot flush it. */
  const fits = (answer: CachedAnswer) => answer.bytes <= capBytes / 8;

  function remember(key: string, answer: CachedAnswer) {
    if (!fits(answer) || !key.startsWith(current)) return;
    entries.set(key, answer);
    bytes += answer.bytes;
    trim();
  }

  /** Both encodings at the best level, once per answer; the kept answer is then the better one. */
  function upgrade(key: string, answer: CachedAnswer): Promise<CachedAnswer> {
    let pending = upgrading.get(answer);
    if (!pending) {
      pending = compressBest(answer)
        .then((better) => {
          upgrades += 1;
          // Swapped in only if still kept: an answer dropped meanwhile must not come back.
          if (entries.get(key) === answer) {
            // Both encodings may not fit where one did: then the one kept stays, never compressed again
            // (answerResponse sends the other encoding or the plain JSON from it).
            const kept = fits(better) ? better : { ...answer, best: true };
            entries.set(key, kept);
            bytes += kept.bytes - answer.bytes;
            trim();
          }
          return better;
        })
        .finally(() => upgrading.delete(answer));
      upgrading.set(answer, pending);
    }
    return pending;
  }

  /** A kept answer asked for again: better compression is now worth it. Sent at once if it holds the form wanted. */
  function again(key: string, answer: CachedAnswer, want: Form): CachedAnswer | Promise<CachedAnswer> {
    if (answer.best) return answer;
    const better = upgrade(key, answer);
    return holds(answer, want) ? answer : better;
  }

  return {
    /** The answer for key, holding the form `want` (brotli unless told), filled and compressed if new. */
    get(key: string, fill: Fill, want: Form = 'br'): CachedAnswer | Promise<CachedAnswer> {
      const found = entries.get(key);
      if (found) {
        hits += 1;
        entries.delete(key);
        entries.set(key, found);
        return again(key, found, want);
      }
      let pending = filling.get(key);
      if (pending) return pending.then((answer) => again(key, entries.get(key) ?? answer, want));
      misses += 1;
      pending = fill()
        .then(({ json, cacheControl, contentType, status }) => prepare(json, cacheControl, want, contentType, status))
        .then((answer) => {
          remember(key, answer);
          return answer;
        })
        .finally(() => filling.delete(key));
      filling.set(key, pending);
      return pending;
    },
    /** A kept answer that holds the form wanted, if there is one (no fill, no reordering); one that does not is improved for next time. */
    peek(key: string, want: Form): CachedAnswer | undefined {
      const found = entries.get(key);
      if (!found) return undefined;
      const now = again(key, found, want);
      if (now instanceof Promise) return undefined; // counted by the get that follows
      hits += 1;
      return now;
    },
    /** Drops every answer whose key does not start with prefix (the current data version). */
    keepOnly(prefix: string) {
      current = prefix;
      for (const [key, answer] of entries) {
        if (key.startsWith(prefix)) continue;
        entries.delete(key);
        bytes -= answer.bytes;
      }
    },
    /** Resolves when no answer is being compressed again (tests, and a clean shutdown). */
    async settled(): Promise<void> {
      while (upgrading.size > 0) await Promise.allSettled([...upgrading.values()]);
    },
    stats(): AnswerCacheStats {
      return { entries: entries.size, bytes, capBytes, hits, misses, upgrades };
    },
  };
}

/** Whether an answer can be sent in this form as it is (plain is decoded from whatever it holds). */
const holds = (answer: CachedAnswer, want: Form) => want === 'identity' || answer[want] !== undefined;

const brotliOptions = (quality: number, size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
const sizeOf = (answer: Pick<CachedAnswer, Form>) => (answer.gzip?.byteLength ?? 0) + (answer.br?.byteLength ?? 0) + (answer.identity?.byteLength ?? 0);

/** A new answer: its ETag, and its body in the one form its first request takes, at the quick level. */
async function prepare(json: string, cacheControl: string, want: Form, contentType?: string, status?: number): Promise<CachedAnswer> {
  const raw = Buffer.from(json);
  const etag = `W/"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`;
  const answer: CachedAnswer = { etag, cacheControl, best: false, bytes: 0, ...(contentType && { contentType }), ...(status !== undefined && status !== 200 && { status }) };
  if (want === 'gzip') answer.gzip = new Uint8Array(await gzipAsync(raw, { level: QUICK.gzip }));
  else if (want === 'br') answer.br = new Uint8Array(await brotliAsync(raw, brotliOptions(QUICK.br, raw.byteLength)));
  else answer.identity = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength) as Uint8Array<ArrayBuffer>;
  answer.bytes = sizeOf(answer);
  return answer;
}

/** The same answer in both encodings at the best level, its JSON read back from what it holds. */
async function compressBest(answer: CachedAnswer): Promise<CachedAnswer> {
  const raw = answer.identity ? Buffer.from(answer.identity) : answer.gzip ? await gunzipAsync(answer.gzip) : await unbrotliAsync(answer.br!);
  const [gz, br] = await Promise.all([gzipAsync(raw, { level: BEST.gzip }), brotliAsync(raw, brotliOptions(BEST.br, raw.byteLength))]);
  const better: CachedAnswer = { etag: answer.etag, cacheControl: answer.cacheControl, contentType: answer.contentType, ...(answer.status !== undefined && { status: answer.status }), gzip: new Uint8Array(gz), br: new Uint8Array(br), best: true, bytes: 0 };
  better.bytes = sizeOf(better);
  return better;
}

/** The plain JSON of an answer, decoded on the spot for the rare client that takes no compression. */
function plainOf(answer: CachedAnswer): Uint8Array<ArrayBuffer> {
  if (answer.identity) return answer.identity;
  return new Uint8Array(answer.gzip ? gunzipSync(answer.gzip) : brotliDecompressSync(answer.br!));
}

/** Reads one request header (lower-case name), from a Fetch request or from Node's own parse. */
export type HeaderOf = (name: string) => string | undefined;

/** The form a request takes an answer in, from its Accept-Encoding header: the smallest it accepts. */
export const formWanted = (header: HeaderOf): Form => chooseEncoding(header('accept-encoding') ?? '') ?? 'identity';

/**
 * A cached answer as a complete response: 304 when the client already holds it, else the
 * smallest encoding it accepts that the answer holds (the cache gives one holding the form
 * asked for), or the plain JSON for a client with neither, with every header, the security
 * headers given included.
 */
export function answerResponse(answer: CachedAnswer, vary: string, header: HeaderOf, securityHeaders: Record<string, string>): Response {
  // A 304 stands for a 200 only: a kept 404 is sent whole (it is a sentence, not a thing to revalidate).
  if (answer.status === undefined && etagMatches(header('if-none-match'), answer.etag)) return completeResponse(null, 304, headersOf(answer, vary, 'not-modified', securityHeaders));
  let form = formWanted(header);
  if (form !== 'identity' && !answer[form]) {
    const other = form === 'br' ? 'gzip' : 'br';
    form = answer[other] && accepts(header('accept-encoding') ?? '', other) ? other : 'identity';
  }
  const body = form === 'identity' ? plainOf(answer) : answer[form]!;
  return completeResponse(body, answer.status ?? 200, headersOf(answer, vary, form, securityHeaders, body));
}

/**
 * An answer's headers for one way of sending it, built once and reused: building a
 * twenty-header object on every request was a tenth of a cached read's time. The security
 * headers are the app's, the same for every request. An answer compressed again is a new
 * object, so its headers (Content-Length) are built anew.
 */
const headersByAnswer = new WeakMap<CachedAnswer, Map<string, Record<string, string>>>();
function headersOf(answer: CachedAnswer, vary: string, form: Form | 'not-modified', securityHeaders: Record<string, string>, body?: Uint8Array) {
  let forms = headersByAnswer.get(answer);
  if (!forms) headersByAnswer.set(answer, (forms = new Map()));
  const key = `${form}|${vary}`;
  let headers = forms.get(key);
  if (!headers) {
    headers = { ...securityHeaders, ETag: answer.etag, 'Cache-Control': answer.cacheControl, Vary: vary };
    if (form !== 'not-modified') {
      headers['Content-Type'] = answer.contentType ?? 'application/json; charset=UTF-8';
      if (form !== 'identity') headers['Content-Encoding'] = form;
      headers['Content-Length'] = String(body!.byteLength);
    }
    forms.set(key, headers);
  }
  return headers;
}

/** A cached answer to a request going through the app. */
export function sendAnswer(c: Context<AppEnv>, answer: CachedAnswer, vary: string): Response {
  return answerResponse(answer, vary, (name) => c.req.header(name), c.get('securityHeaders') ?? {});
}

/** Clients send a handful of distinct Accept-Encoding headers: each is read once. */
const chosen = new Map<string, 'br' | 'gzip' | undefined>();

function chooseEncoding(header: string): 'br' | 'gzip' | undefined {
  if (chosen.has(header)) return chosen.get(header);
  const encoding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;
  if (chosen.size >= 256) chosen.clear();
  chosen.set(header, encoding);
  return encoding;
}

/** Whether an Accept-Encoding header takes a coding (listed, or by *, and not with q=0). */
export function accepts(header: string, coding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name.trim() === coding) return !refused;
    if (name.trim() === '*') wildcard = !refused;
  }
  return wildcard;
}

/** If-None-Match by weak comparison: any listed tag, or *, with or without W/. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
