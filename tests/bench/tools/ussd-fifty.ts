import { randomUUID } from 'node:crypto';
import { startTestServer } from '../../support/server';
import { addBenchListing } from './ussd-round';

/** One caller's keypad: each press sends the whole session so far, as Africa's Talking does. */
export type Press = (input?: string) => Promise<string>;

/**
 * The bench tools' common start: a test server with the outbox running in the background (as in
 * `npm start`), a bench listing with plenty in stock, and `sessions` USSD callers who have walked
 * together to the confirm screen (Buy, Ashanti, Tubers, the listing, quantity 1, the first
 * warehouse). The tools then time or profile what follows.
 */
export async function walkToConfirm(sessions: number) {
  const server = await startTestServer();
  const db = server.deps.db;
  server.deps.messages.start();
  const name = await addBenchListing(db);

  const caller = (i: number): Press => {
    const phone = `+23324${String(1_000_000 + i).padStart(7, '0')}`;
    const sessionId = randomUUID();
    const answers: string[] = [];
    return async (input) => {
      if (input !== undefined) answers.push(input);
      const body = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber: phone, networkCode: '62001', text: answers.join('*') }).toString();
      const res = await server.app.request('http://test.local/api/v1/ussd/africastalking', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${res.status} ${text}`);
      return text;
    };
  };
  const pick = (screen: string, words: string) => screen.split('\n').find((l) => l.includes(words))?.split('.')[0] ?? '0';
  const callers = Array.from({ length: sessions }, (_, i) => caller(i));
  await Promise.all(callers.map(async (press) => {
    await press();
    let screen = await press('1');
    while (!screen.includes('Ashanti')) screen = await press('98');
    screen = await press(pick(screen, 'Ashanti'));
    screen = await press(pick(screen, 'Tubers'));
    await press(pick(screen, name.slice(0, 14)));
    await press('1');
    await press('1');
  }));
  return { server, callers };
}
