import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './server';

/** A number no other test dials: USSD steps and prompts are limited per number. */
export function freshCaller(): string {
  return `+23324${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export interface Screen {
  status: number;
  body: string;
  /** CON (more to come) or END */
  kind: string;
  text: string;
}

/** One Africa's Talking callback, exactly as the gateway posts it. */
export async function atCallback(server: TestServer, fields: { sessionId: string; phoneNumber: string; text: string }, query = ''): Promise<Screen> {
  const form = new URLSearchParams({ sessionId: fields.sessionId, serviceCode: '*920*44#', phoneNumber: fields.phoneNumber, networkCode: '62001', text: fields.text });
  const res = await server.call(`/ussd/africastalking${query}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  const body = await res.text();
  if (res.status === 200) {
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(body).toMatch(/^(CON|END) /);
    expect(body.length - 4).toBeLessThanOrEqual(182);
  }
  return { status: res.status, body, kind: body.slice(0, 3), text: body.slice(4) };
}

/**
 * A caller's session as the gateway drives it: each press appends to `text` with "*".
 * `press()` with nothing dials (text ""); `again()` repeats the last request (a retry).
 */
export function dial(server: TestServer, phoneNumber = freshCaller(), query = '') {
  const sessionId = `ATUid_${randomUUID()}`;
  const answers: string[] = [];
  let started = false;
  const send = () => atCallback(server, { sessionId, phoneNumber, text: answers.join('*') }, query);
  return {
    sessionId,
    phoneNumber,
    async press(input?: string): Promise<Screen> {
      if (input !== undefined) {
        if (!started) throw new Error('dial first');
        answers.push(input);
      }
      started = true;
      return send();
    },
    again: send,
  };
}

/** The number a screen gives the line containing `words`. */
export function choiceFor(screen: Screen, words: string): string {
  const line = screen.text.split('\n').find((l) => l.includes(words));
  if (!line) throw new Error(`"${words}" is not on the screen:\n${screen.text}`);
  return line.split('.')[0]!;
}

/** Turns a list's pages (98) until `words` are on the screen: a dozen pages at most, so a missing item fails rather than loops. */
export async function pageTo<S extends Screen>(press: (input: string) => Promise<S>, screen: S, words: string): Promise<S> {
  for (let page = 0; page < 12 && !screen.text.includes(words); page++) screen = await press('98');
  expect(screen.text, `"${words}" is on no page`).toContain(words);
  return screen;
}

/**
 * Dials and walks Buy to a listing of Ashanti's Tubers, by the start of its name (the region is
 * asked only of a number that has none yet); answers the listing's screen (its quantity).
 */
export async function pressToListing<S extends Screen>(press: (input?: string) => Promise<S>, name: string): Promise<S> {
  await press();
  let screen = await press('1');
  if (!screen.text.includes('category')) {
    while (!screen.text.includes('Ashanti')) screen = await press('98');
    screen = await press(choiceFor(screen, 'Ashanti'));
  }
  screen = await press(choiceFor(screen, 'Tubers'));
  return press(choiceFor(screen, name.slice(0, 15)));
}
