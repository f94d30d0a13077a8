import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from './context';
import { completeResponse } from './security';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A JSON answer kept ready to send: compressed both ways once, with its ETag. */
export interface CachedAnswer {
  etag: string;
  cacheControl: string;
  gzip: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  bytes: number;
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  capBytes: number;
  hits: number;
  misses: number;
}

/**
 * Serialised, precompressed answers in least-recently-used order under a byte cap. Keys
 * are the caller's (normalised query and data version); a key asked for by many requests
 * at once is computed once. Compression runs on libuv's thread pool, off the event loop.
 */
export function createAnswerCache(capBytes: number) {
  const entries = new Map<string, CachedAnswer>();
  const filling = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  function remember(key: string, answer: CachedAnswer) {
    // One answer may take at most an eighth of the cache, so a huge page cannot flush it.
    if (answer.bytes > capBytes / 8) return;
    entries.set(key, answer);
    bytes += answer.bytes;
    for (const [oldKey, old] of entries) {
      if (bytes <= capBytes) break;
      entries.delete(oldKey);
      bytes -= old.bytes;
    }
  }

  return {
    get(key: string, fill: () => Promise<{ json: string; cacheControl: string }>): CachedAnswer | Promise<CachedAnswer> {
      const found = entries.get(key);
      if (found) {
        hits += 1;
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      let pending = filling.get(key);
      if (!pending) {
        misses += 1;
        pending = fill()
          .then(({ json, cacheControl }) => prepare(json, cacheControl))
          .then((answer) => {
            remember(key, answer);
            return answer;
          })
          .finally(() => filling.delete(key));
        filling.set(key, pending);
      }
      return pending;
    },
    /** A kept answer, if there is one (no fill, no reordering). */
    peek(key: string): CachedAnswer | undefined {
      const found = entries.get(key);
      if (found) hits += 1;
      return found;
    },
    /** Drops every answer whose key does not start with prefix (the current data version). */
    keepOnly(prefix: string) {
      for (const [key, answer] of entries) {
        if (key.startsWith(prefix)) continue;
        entries.delete(key);
        bytes -= answer.bytes;
      }
    },
    stats(): AnswerCacheStats {
      return { entries: entries.size, bytes, capBytes, hits, misses };
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

async function prepare(json: string, cacheControl: string): Promise<CachedAnswer> {
  const raw = Buffer.from(json);
  const [gz, br] = await Promise.all([
    gzipAsync(raw, { level: 9 }),
    brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } }),
  ]);
  const etag = `W/"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`;
  return { etag, cacheControl, gzip: new Uint8Array(gz), br: new Uint8Array(br), bytes: gz.byteLength + br.byteLength };
}

/** Reads one request header (lower-case name), from a Fetch request or from Node's own parse. */
export type HeaderOf = (name: string) => string | undefined;

/**
 * A cached answer as a complete response: 304 when the client already holds it, else the
 * smallest encoding it accepts (brotli, gzip, or plain JSON inflated on the spot for the rare
 * client with neither), with every header, the security headers given included.
 */
export function answerResponse(answer: CachedAnswer, vary: string, header: HeaderOf, securityHeaders: Record<string, string>): Response {
  if (etagMatches(header('if-none-match'), answer.etag)) return completeResponse(null, 304, headersOf(answer, vary, 'not-modified', securityHeaders));
  const encoding = chooseEncoding(header('accept-encoding') ?? '');
  return completeResponse(encoding ? answer[encoding] : new Uint8Array(gunzipSync(answer.gzip)), 200, headersOf(answer, vary, encoding ?? 'identity', securityHeaders));
}

/**
 * An answer's headers for one way of sending it, built once and reused: building a
 * twenty-header object on every request was a tenth of a cached read's time. The security
 * headers are the app's, the same for every request.
 */
const headersByAnswer = new WeakMap<CachedAnswer, Map<string, Record<string, string>>>();
function headersOf(answer: CachedAnswer, vary: string, form: 'br' | 'gzip' | 'identity' | 'not-modified', securityHeaders: Record<string, string>) {
  let forms = headersByAnswer.get(answer);
  if (!forms) headersByAnswer.set(answer, (forms = new Map()));
  const key = `${form}|${vary}`;
  let headers = forms.get(key);
  if (!headers) {
    headers = { ...securityHeaders, ETag: answer.etag, 'Cache-Control': answer.cacheControl, Vary: vary };
    if (form !== 'not-modified') {
      headers['Content-Type'] = 'application/json; charset=UTF-8';
      if (form !== 'identity') headers['Content-Encoding'] = form;
      headers['Content-Length'] = String(form === 'identity' ? gunzipSync(answer.gzip).byteLength : answer[form].byteLength);
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
