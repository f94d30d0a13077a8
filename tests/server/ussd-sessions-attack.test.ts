import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { makeProduct, shopServer } from '../support/shop';
import { choiceFor, freshCaller, type Screen } from '../support/ussd';

/**
 * USSD sessions keyed by the gateway's session id with the caller's number (docs/ussd.md),
 * attacked as a fleet sees them: two instances answering alternate steps of one call, every
 * step retried on the other instance, and a dropped call resumed just inside and just outside
 * the five minutes.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;

type Send = (body: string) => Promise<Response>;
const instanceA: Send = (body) => shop.server.call('/ussd/africastalking', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
let appB: ReturnType<typeof createApp> | undefined;
const instanceB: Send = (body) => {
  appB ??= createApp(shop.server.deps);
  return Promise.resolve(appB.request('http://test.local/api/v1/ussd/africastalking', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }));
};

/** One call whose steps go to the instances in turn (A, B, A, …); `again` repeats the last step on the other one. */
function fleetCall(phoneNumber = freshCaller()) {
  const sessionId = `ATUid_${randomUUID()}`;
  const answers: string[] = [];
  let turn = 0;
  const send = async (to: Send): Promise<Screen> => {
    const form = new URLSearchParams({ sessionId, serviceCode: '*920*44#', phoneNumber, networkCode: '62001', text: answers.join('*') });
    const res = await to(form.toString());
    const body = await res.text();
    return { status: res.status, body, kind: body.slice(0, 3), text: body.slice(4) };
  };
  return {
    phoneNumber,
    async press(input?: string) {
      if (input !== undefined) answers.push(input);
      turn += 1;
      return send(turn % 2 ? instanceA : instanceB);
    },
    again: () => send(turn % 2 ? instanceB : instanceA),
  };
}

const ordersOf = (phone: string) =>
  db().selectFrom('orders').innerJoin('phone_accounts', 'phone_accounts.user_id', 'orders.user_id').select('orders.id').where('phone_accounts.phone', '=', `0${phone.slice(4)}`).execute();

/** Walks a call to the confirm screen, every step answered by alternate instances and retried on the other. */
async function toConfirm(call: ReturnType<typeof fleetCall>) {
  const productId = await makeProduct(shop.server, 10, 1_250);
  const { name } = await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow();
  const step = async (input?: string) => {
    const screen = await call.press(input);
    expect(screen.status).toBe(200);
    expect(await call.again(), 'a retry on the other instance').toEqual(screen);
    return screen;
  };
  expect((await step()).text).toContain('1. Buy');
  let screen = await step('1');
  if (screen.text.includes('region')) {
    while (!screen.text.includes('Ashanti')) screen = await step('98');
    screen = await step(choiceFor(screen, 'Ashanti'));
  }
  screen = await step(choiceFor(screen, 'Tubers'));
  screen = await step(choiceFor(screen, name.slice(0, 15)));
  expect(screen.text).toContain('each');
  screen = await step('2');
  expect(screen.text).toContain('Pick up at:');
  screen = await step('1');
  expect(screen.text).toMatch(/Total GHS \d+\.\d\d/);
  return step;
}

describe('USSD sessions across two instances', () => {
  it('agree on every step answered alternately, a retry on the other instance gets the same screen, and one order is placed', async () => {
    const call = fleetCall();
    const step = await toConfirm(call);
    const prompt = await step('1');
    expect(prompt.text).toContain('SANDBOX');
    const paid = await step('1');
    expect(paid.kind).toBe('END');
    expect(paid.text).toContain('Paid');
    expect(await ordersOf(call.phoneNumber)).toHaveLength(1);
  });

  it('offer a call dropped 4 minutes ago back on the other instance, and not one dropped 6 minutes ago', async () => {
    const dropped = fleetCall();
    await toConfirm(dropped);
    const phone = `0${dropped.phoneNumber.slice(4)}`;
    const olderBy = (minutes: number) =>
      db().updateTable('ussd_sessions').set({ updated_at: new Date(Date.now() - minutes * 60_000).toISOString() }).where('phone', '=', phone).execute();

    await olderBy(4);
    const back = fleetCall(dropped.phoneNumber);
    expect((await back.press()).text).toContain('Continue where you left off?');
    expect(await back.again()).toMatchObject({ text: expect.stringContaining('Continue where you left off?') });
    const resumed = await back.press('1');
    expect(resumed.text).toMatch(/2 x Test yam/);
    expect(await back.again()).toEqual(resumed);

    await olderBy(6);
    const late = fleetCall(dropped.phoneNumber);
    expect((await late.press()).text).toContain('1. Buy');
  });
});
