import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerCache, type CachedAnswer, type Form } from '../../src/server/http/answer-cache';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The answer cache attacked: a burst of requests in every encoding for a URL nobody asked for
 * before (the first answer kept in one form at a quick level, upgraded as the others wait), the
 * data version changing while answers are being filled or compressed again, and the byte cap.
 */
const JSON_TEXT = JSON.stringify({ data: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Fresh maize ${i}`, region: 'Volta' })) });
const slowFill = (text = JSON_TEXT) => () => new Promise<{ json: string; cacheControl: string }>((resolve) => setImmediate(() => resolve({ json: text, cacheControl: 'public' })));
const textOf = (answer: CachedAnswer, form: Form) =>
  form === 'identity' ? (answer.identity ? Buffer.from(answer.identity).toString() : null) : answer[form] ? (form === 'br' ? brotliDecompressSync(answer[form]!) : gunzipSync(answer[form]!)).toString() : null;

describe('the answer cache under a burst', () => {
  it('gives 60 callers of a new key in mixed forms each its form, one fill, one upgrade, one ETag', async () => {
    const cache = createAnswerCache(10_000_000);
    let fills = 0;
    const fill = () => ((fills += 1), slowFill()());
    const forms: Form[] = Array.from({ length: 60 }, (_, i) => (['br', 'gzip', 'identity'] as const)[i % 3]);
    const answers = await Promise.all(forms.map((form) => cache.get('v1|k', fill, form)));
    expect(fills).toBe(1);
    answers.forEach((answer, i) => {
      const form = forms[i]!;
      if (form !== 'identity') expect(textOf(answer, form)).toBe(JSON_TEXT);
      expect(answer.etag).toBe(answers[0]!.etag);
    });
    await cache.settled();
    expect(cache.stats()).toMatchObject({ entries: 1, upgrades: 1 });
  });

  it('keeps no answer of an older version whose fill was still running when the version moved on', async () => {
    const cache = createAnswerCache(10_000_000);
    const old = cache.get('v1|k', slowFill(), 'br');
    cache.keepOnly('v2|');
    const answer = await old;
    expect(textOf(answer, 'br')).toBe(JSON_TEXT); // its caller still gets what it asked for
    await cache.settled();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('lets no one answer take more than an eighth of the cap, even once compressed again in both encodings', async () => {
    // Random-ish text compresses poorly: the best pair is nearly twice one quick body.
    const noisy = JSON.stringify({ data: Array.from({ length: 400 }, (_, i) => `${i}-${Math.random().toString(36)}`) });
    const cap = 8 * 1024 * 1024;
    const cache = createAnswerCache(cap);
    const first = await cache.get('v1|n', slowFill(noisy), 'br');
    const small = createAnswerCache(first.bytes * 8 + 8);
    await small.get('v1|n', slowFill(noisy), 'br');
    const again = await small.get('v1|n', slowFill(noisy), 'gzip');
    expect(textOf(again, 'gzip')).toBe(noisy);
    await small.settled();
    const stats = small.stats();
    expect(stats.bytes).toBeLessThanOrEqual(stats.capBytes / 8);
    expect(stats.entries).toBe(1);
    // The one body kept is not compressed again on every later request.
    const later = small.get('v1|n', () => Promise.reject(new Error('refilled')), 'gzip');
    expect(later).not.toBeInstanceOf(Promise);
    await small.settled();
    expect(small.stats().upgrades).toBe(1);
  });
});

describe('public reads: a burst of mixed encodings for a new URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers every request with a body that decodes to the same JSON, right headers, and 304 to the ETag', async () => {
    const encodings = ['br', 'gzip', 'identity', null, 'gzip, br', 'br;q=0, gzip', '*', 'gzip;q=0, br;q=0'];
    for (const path of ['/products?search=yam&sortBy=name&sortDir=desc&limit=9', '/products?category=Tubers&page=1&limit=11']) {
      const asked = Array.from({ length: 60 }, (_, i) => encodings[i % encodings.length]!);
      const answers = await Promise.all(
        asked.map(async (encoding) => {
          const res = await server.call(path, encoding === null ? {} : { headers: { 'accept-encoding': encoding } });
          return { encoding, res, body: Buffer.from(await res.arrayBuffer()) };
        }),
      );
      const texts = new Set<string>();
      const etags = new Set<string | null>();
      for (const { encoding, res, body } of answers) {
        expect(res.status, `${path} ${encoding}`).toBe(200);
        const expected = encoding === 'br' || encoding === 'gzip, br' || encoding === '*' ? 'br' : encoding === 'gzip' || encoding === 'br;q=0, gzip' ? 'gzip' : null;
        expect(res.headers.get('content-encoding'), `${path} ${encoding}`).toBe(expected);
        expect(Number(res.headers.get('content-length')), `${path} ${encoding}`).toBe(body.byteLength);
        expect(res.headers.get('vary'), path).toBe('Accept-Encoding');
        texts.add(expected === 'br' ? brotliDecompressSync(body).toString() : expected === 'gzip' ? gunzipSync(body).toString() : body.toString());
        etags.add(res.headers.get('etag'));
      }
      expect(texts.size, path).toBe(1);
      expect(JSON.parse([...texts][0]!).data).toBeDefined();
      expect(etags.size, path).toBe(1);
      const etag = [...etags][0]!;
      const revalidated = await Promise.all(
        asked.slice(0, 24).map((encoding) => server.call(path, { headers: { 'if-none-match': etag, ...(encoding ? { 'accept-encoding': encoding } : {}) } })),
      );
      for (const res of revalidated) {
        expect(res.status).toBe(304);
        expect(await res.text()).toBe('');
        expect(res.headers.get('etag')).toBe(etag);
        expect(res.headers.get('content-encoding')).toBeNull();
      }
    }
  });
});
