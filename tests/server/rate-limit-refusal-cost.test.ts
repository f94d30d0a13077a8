import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '../../src/shared/schemas/reviews';
import { makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements } from '../support/statements';

/**
 * A request refused by a rate limiter is worded from the request alone (the language cookie,
 * else Accept-Language), never from the account's language in the database: a flood of
 * refused requests must not cost the database a read each; nor wake the message outbox, whose
 * pass is a claim statement (docs/security.md).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Statements that read an account's language (users.language), as the error wording did. */
const languageReads = (texts: string[]) => texts.filter((t) => /select\s+"language"\s+from\s+"users"/i.test(t)).length;

const review = (token: string, headers: Record<string, string> = {}) =>
  server.call('/reviews', { method: 'POST', token, json: { productId: 0, rating: 5, comment: 'x' }, headers });

describe('a burst of requests refused by a rate limiter', () => {
  it('costs no read of the account language and no outbox wake, for 60 refused at once, and is still worded in the language the request asks for', async () => {
    const buyer = await makeUser(server);
    // The account chose Twi (the database says so); spend its allowance (20 reviews an hour).
    expect((await server.call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language: 'ak' } })).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await review(buyer.token)).status).not.toBe(429);

    const recorder = recordStatements();
    // Each wake of the message outbox is a claim statement (an UPDATE) as soon as its pass runs.
    const wakes = vi.spyOn(server.deps.messages, 'wake');
    let answers: Response[];
    let woken: number;
    try {
      answers = await Promise.all(Array.from({ length: 60 }, (_, i) => review(buyer.token, i % 2 ? { cookie: 'akuafo-lang=ak' } : { 'accept-language': 'en' })));
    } finally {
      recorder.stop();
      woken = wakes.mock.calls.length;
      wakes.mockRestore();
    }
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(429));
    expect(languageReads(recorder.texts), 'reads of users.language for 60 refusals').toBe(0);
    // A refusal queued nothing: it does not wake the outbox into a claim apiece.
    expect(woken, 'outbox wakes for 60 refusals').toBe(0);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { message: string; code: string }[];
    const english = bodies.filter((_, i) => i % 2 === 0);
    const twi = bodies.filter((_, i) => i % 2 === 1);
    expect(new Set(english.map((b) => b.message))).toEqual(new Set([REVIEW_MESSAGES.tooMany]));
    expect(twi.every((b) => b.message !== REVIEW_MESSAGES.tooMany && b.code === english[0]!.code)).toBe(true);
    expect(answers.every((a) => Number(a.headers.get('retry-after')) > 0)).toBe(true);
  });

  it('still words any other refusal of a signed-in reader in the account language', async () => {
    const buyer = await makeUser(server);
    expect((await server.call('/shop/customers/me', { method: 'PATCH', token: buyer.token, json: { language: 'ak' } })).status).toBe(200);
    const refused = await server.call('/auth/password/change', { method: 'POST', token: buyer.token, json: {}, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Nea wokyerɛwee no bi nyɛ pɛpɛɛpɛ');
  });
});
