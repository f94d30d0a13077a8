import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { arriveLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { SCREEN_AIM } from '../../src/server/modules/ussd/engine';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import { USSD_TEXTS, ussdTexts } from '../../src/server/modules/ussd/texts';
import { now } from '../../src/server/platform/db';
import { toGsm } from '../../src/server/platform/messages/sms-text';
import { shopServer } from '../support/shop';
import { paidOrderFromTamale } from '../support/transport';
import { choiceFor, dial, freshCaller, type Screen } from '../support/ussd';

/**
 * Issue 40 item 4: a transporter with a feature phone, by USSD: loads near them, accepting one
 * (the server decides: 60 at once, one wins), their loads with the codes by SMS, their earnings.
 * The number is the transporter's payout wallet (phone-accounts.ts phoneCaller).
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (phone: string) => `0${phone.slice(4)}`;

/** A TRANSPORTER account whose payout wallet is a fresh number, from the north unless told. */
async function transporter(options: { status?: 'VERIFIED' | 'PENDING' | 'REJECTED'; language?: 'en' | 'ak'; region?: string | null; firstName?: string } = {}) {
  const phone = freshCaller();
  const at = now();
  const { id } = await db()
    .insertInto('users')
    .values({ email: `driver-${randomUUID().slice(0, 8)}@example.test`, password_hash: 'x', first_name: options.firstName ?? 'Kwame', last_name: 'Driver', phone: null, user_type: 'TRANSPORTER' as 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('users').set({ language: options.language ?? 'en' }).where('id', '=', id).execute();
  await db()
    .insertInto('transporter_profiles')
    .values({ user_id: id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-1234-24', ghana_card_number: 'GHA-000000024-6', region: options.region === undefined ? 'Northern' : options.region, payout_network: 'MTN', payout_number: national(phone), status: options.status ?? 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at })
    .execute();
  return { id, phone };
}

/** A paid order's consignment from Tamale to Accra, counted in (AT_ORIGIN), made recognisable on the board by its weight. */
async function openLoad(weightKg: number) {
  const o = await paidOrderFromTamale(shop.server);
  for (const line of o.lines) await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, line);
  await db().updateTable('consignments').set({ weight_g: weightKg * 1000 }).where('id', '=', o.consignment.id).execute();
  const { order_number } = await db().selectFrom('orders').select('order_number').where('id', '=', o.orderId).executeTakeFirstOrThrow();
  return { ...o, no: order_number };
}

const smsTo = (phone: string) => db().selectFrom('messages').select(['body', 'topic']).where('channel', '=', 'sms').where('recipient', '=', phone).orderBy('id').execute();
const fitsAim = (screen: Screen) => {
  expect(screen.text.length, screen.text).toBeLessThanOrEqual(SCREEN_AIM);
  expect(screen.text).not.toMatch(/[ɛɔƐƆ]/);
  return screen;
};

/** Dials: a session this number left a moment ago is offered back, and this starts again. */
async function open(phone: string) {
  const call = dial(shop.server, phone);
  const first = fitsAim(await call.press());
  const resume = [USSD_TEXTS.resume, ussdTexts('ak').resume].map(toGsm).includes(first.text);
  return Object.assign(call, { menu: resume ? fitsAim(await call.press('2')) : first });
}

/** Dials and opens Loads near me, turning pages until the load of that weight is on the screen; answers that screen. */
async function toLoad(call: Awaited<ReturnType<typeof open>>, weightKg: number) {
  let screen = fitsAim(await call.press('1'));
  for (let page = 0; page < 20 && !screen.text.includes(` ${weightKg}kg `); page++) screen = fitsAim(await call.press('98'));
  return fitsAim(await call.press(choiceFor(screen, ` ${weightKg}kg `)));
}

describe('a transporter by USSD', () => {
  it('gets the transporter menu, lists loads near them, accepts one and hears its collection code by SMS once', async () => {
    const load = await openLoad(777);
    const t = await transporter();
    const call = await open(t.phone);
    const menu = call.menu;
    expect(menu.text).toBe('Akuafo Market\n1. Loads near me\n2. My loads\n3. Earnings\n4. Help\n5. Language/Kasa');
    const board = fitsAim(await call.press('1'));
    expect(board.text.split('\n')[0]).toBe('Loads from Northern:');
    expect(board.text).toMatch(/\n1\. Tamale>Accra \d+(\.\d)?kg GHS [\d,]+\.\d\d\n/);
    const one = await toLoad(await open(t.phone), 777);
    expect(one.text).toMatch(/^Tamale to Accra\n777kg, \d+km\nYou earn GHS [\d,.]+\n1\. Accept\n0\. Back$/);

    const again = await open(t.phone);
    await toLoad(again, 777);
    const accepted = await again.press('1');
    expect(accepted.kind).toBe('END');
    expect(accepted.text).toBe(`Load accepted: ${load.no}. We sent the collection code by SMS. Collect it at Tamale Depot.`);
    // The gateway's retry of the step gets the same screen, and no second SMS.
    expect((await again.again()).text).toBe(accepted.text);
    const c = await db().selectFrom('consignments').selectAll().where('id', '=', load.consignment.id).executeTakeFirstOrThrow();
    expect(c.transporter_id).toBe(t.id);
    const sms = await smsTo(t.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toBe(`Akuafo Market: collection code ${c.collection_code} for ${load.no}, Tamale Depot to Accra Hub. Give it to the staff at Tamale Depot.`);
    expect(sms[0]!.body).not.toContain(c.delivery_code);
  });

  it('My loads says the stage and texts the code of the next handover: collection, then delivery once collected; Earnings after arrival', async () => {
    const load = await openLoad(611);
    const t = await transporter();
    const accept = await open(t.phone);
    await toLoad(accept, 611);
    expect((await accept.press('1')).kind).toBe('END');
    const c = await db().selectFrom('consignments').selectAll().where('id', '=', load.consignment.id).executeTakeFirstOrThrow();

    const mine = await open(t.phone);
    const list = fitsAim(await mine.press('2'));
    expect(list.text).toBe('Your loads:\n1. Tamale>Accra: Collect at Tamale\n0. Back');
    const one = fitsAim(await mine.press('1'));
    expect(one.text).toBe(`${load.no}: Tamale>Accra\nCollect at Tamale Depot\n1. Codes by SMS\n0. Back`);
    expect((await mine.press('1')).text).toBe('We sent the code by SMS to this phone.');
    expect((await mine.again()).text).toBe('We sent the code by SMS to this phone.');
    expect(await smsTo(t.phone)).toHaveLength(2);

    await collectLoad(db(), { warehouseId: load.tamale.id }, c.id, c.collection_code);
    const later = await open(t.phone);
    expect((await later.press('2')).text).toContain('1. Tamale>Accra: Deliver to Accra\n');
    expect((await later.press('1')).text).toContain('\nDeliver to Accra Hub\n1. Codes by SMS');
    await later.press('1');
    const texts = await smsTo(t.phone);
    expect(texts).toHaveLength(3);
    expect(texts[2]!.body).toBe(`Akuafo Market: delivery code ${c.delivery_code} for ${load.no}, Tamale Depot to Accra Hub. Give it to the staff at Accra Hub.`);

    await arriveLoad(db(), { warehouseId: load.accra.id }, c.id, c.delivery_code);
    const money = await open(t.phone);
    const earnings = fitsAim(await money.press('3'));
    expect(earnings.text).toMatch(/^Earnings:\nAvailable GHS [1-9][\d,]*\.\d\d\nPaid out GHS 0\.00\nOn your loads GHS 0\.00\n0\. Back$/);
    const gone = await open(t.phone);
    expect((await gone.press('2')).text).toBe('You have no loads now. Choose Loads near me.\n0. Back');
  });

  it('60 transporters accepting one load at once: one wins, the others hear another took it, one SMS', async () => {
    const load = await openLoad(555);
    const drivers = await Promise.all(Array.from({ length: 60 }, () => transporter()));
    const calls = await Promise.all(drivers.map((d) => open(d.phone)));
    for (const call of calls) await toLoad(call, 555);
    const answers = await Promise.all(calls.map((call) => call.press('1')));
    const won = answers.filter((a) => a.kind === 'END');
    expect(won).toHaveLength(1);
    expect(won[0]!.text).toContain(`Load accepted: ${load.no}.`);
    for (const lost of answers.filter((a) => a.kind !== 'END')) expect(lost.text).toBe('Another transporter took this load. Choose another.\n0. Back');
    const c = await db().selectFrom('consignments').select('transporter_id').where('id', '=', load.consignment.id).executeTakeFirstOrThrow();
    const winner = drivers[answers.findIndex((a) => a.kind === 'END')]!;
    expect(c.transporter_id).toBe(winner.id);
    const texts = await Promise.all(drivers.map((d) => smsTo(d.phone)));
    expect(texts.flat()).toHaveLength(1);
    expect(texts[drivers.indexOf(winner)]).toHaveLength(1);
  }, 60_000);

  it('an unverified transporter lists loads but hears why they cannot accept; a rejected one is told too', async () => {
    const load = await openLoad(333);
    for (const [status, sentence] of [['PENDING', 'You can accept loads once our operator has verified you.'], ['REJECTED', 'Your transporter account was not approved. Please call us to put it right.']] as const) {
      const t = await transporter({ status });
      const call = await open(t.phone);
      await toLoad(call, 333);
      const refused = fitsAim(await call.press('1'));
      expect(refused.kind).toBe('CON');
      expect(refused.text.split('\n')[0]).toBe(sentence);
      expect(refused.text).toContain('1. Accept');
      expect(await smsTo(t.phone)).toHaveLength(0);
    }
    const c = await db().selectFrom('consignments').select('transporter_id').where('id', '=', load.consignment.id).executeTakeFirstOrThrow();
    expect(c.transporter_id).toBeNull();
  });

  it('pages a long board with 98, each page within the screen, and lists every region\'s loads for a transporter with none', async () => {
    const load = await openLoad(222);
    const row = await db().selectFrom('consignments').selectAll().where('id', '=', load.consignment.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    // Twenty more waiting loads (copies of one) so the board takes several pages.
    for (let i = 0; i < 20; i++) await db().insertInto('consignments').values({ ...copy, weight_g: (400 + i) * 1000 }).execute();
    for (const region of ['Northern', null] as const) {
      const t = await transporter({ region });
      const call = await open(t.phone);
      await call.press();
      let screen = fitsAim(await call.press('1'));
      expect(screen.text.split('\n')[0]).toBe(region ? 'Loads from Northern:' : 'Loads waiting:');
      const seen = new Set<string>();
      let pages = 1;
      while (screen.text.includes('\n98. More\n')) {
        for (const line of screen.text.split('\n').slice(1, -2)) seen.add(line.replace(/^\d+\. /, ''));
        screen = fitsAim(await call.press('98'));
        pages += 1;
      }
      expect(pages).toBeGreaterThan(3);
      for (let i = 0; i < 20; i++) expect([...seen, screen.text].join('\n')).toContain(`>Accra ${400 + i}kg `);
    }
  });

  it('a transporter from a region with no load waiting is shown the other regions\'', async () => {
    await openLoad(444);
    const t = await transporter({ region: 'Volta' });
    const call = await open(t.phone);
    const screen = fitsAim(await call.press('1'));
    expect(screen.text.split('\n')[0]).toBe('No loads from Volta now. Other regions:');
    expect(screen.text).toContain('Tamale>Accra');
  });

  it('speaks Twi in plain letters on every screen, the SMS too, within the screen with a problem line over it', async () => {
    const load = await openLoad(888);
    const t = await transporter({ language: 'ak' });
    const call = await open(t.phone);
    const menu = call.menu;
    expect(menu.text).toBe(toGsm(`Akuafo Market\n1. ${ussdTexts('ak').menuLoads}\n2. ${ussdTexts('ak').menuMyLoads}\n3. ${ussdTexts('ak').menuEarnings}\n4. Mmoa\n5. Language/Kasa`));
    fitsAim(await call.press('7'));
    let board = fitsAim(await call.press('1'));
    expect(board.text.split('\n')[0]).toBe('Nneema a efi Northern:');
    fitsAim(await call.press('x'));
    while (!board.text.includes(' 888kg ')) board = fitsAim(await call.press('98'));
    const one = fitsAim(await call.press(choiceFor(board, ' 888kg ')));
    expect(one.text).toContain('Wobenya GHS');
    fitsAim(await call.press('5'));
    const accepted = fitsAim(await call.press('1'));
    expect(accepted.text).toBe(`Woagye ${load.no} to mu. Yede kood a wode begye nneema no abre wo SMS so. Kogye wo Tamale Depot.`);
    const sms = await smsTo(t.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^Akuafo Market: kood a wode gye nneema \d{6}, ORD-/);
    expect(sms[0]!.body.length).toBeLessThanOrEqual(160);

    const mine = await open(t.phone);
    fitsAim(await mine.press('2'));
    fitsAim(await mine.press('9'));
    fitsAim(await mine.press('1'));
    fitsAim(await mine.press('4'));
    expect(fitsAim(await mine.press('1')).text).toBe(toGsm(ussdTexts('ak').codesSent));
    const money = await open(t.phone);
    expect(fitsAim(await money.press('3')).text).toMatch(/^Wo sika:\nWubetumi anya GHS/);
  });

  it('texts a load\'s code at most 5 times an hour', async () => {
    await openLoad(299);
    const t = await transporter();
    const accept = await open(t.phone);
    await toLoad(accept, 299);
    await accept.press('1');
    for (let i = 0; i < 6; i++) {
      const call = await open(t.phone);
      await call.press('2');
      await call.press('1');
      const answer = fitsAim(await call.press('1'));
      expect(answer.text.split('\n')[0]).toBe(i < 5 ? 'We sent the code by SMS to this phone.' : 'We sent this code several times this hour. Please wait a while.');
    }
    expect(await smsTo(t.phone)).toHaveLength(6);
  });

  it('a transporter waiting for verification does not take over a number that already buys; a verified one does', async () => {
    const phone = freshCaller();
    await buyerAccount(db(), national(phone));
    const pending = await transporter({ status: 'PENDING' });
    await db().updateTable('transporter_profiles').set({ payout_number: national(phone) }).where('user_id', '=', pending.id).execute();
    expect((await open(phone)).menu.text).toContain('1. Buy\n');
    const verified = await transporter();
    await db().updateTable('transporter_profiles').set({ payout_number: national(phone) }).where('user_id', '=', verified.id).execute();
    expect((await open(phone)).menu.text).toContain('1. Loads near me\n');
  });

  it("the demo's transporter (transporter@akuafo.demo, wallet 0244202624) gets the transporter's menu", async () => {
    expect((await open('+233244202624')).menu.text).toContain('1. Loads near me\n');
  });

  it('every new text, at its longest, fits the screen with the longest problem line over it, in both languages', () => {
    for (const texts of [USSD_TEXTS, ussdTexts('ak')]) {
      // Each screen with the problems it can meet over it (engine.ts withProblem would drop its first lines, but none need to).
      const longest = (problems: string[]) => Math.max(...problems.map((p) => toGsm(p).length));
      const screens: [string, number][] = [
        [`${texts.loadOne('Sefwi Wiawso', 'Sefwi Wiawso', '60000', 1200, 'GHS 20,000.00')}\n0. ${texts.back}`, longest([texts.pickNumber, texts.loadTaken, texts.loadGone, texts.notVerified, texts.notApproved])],
        [`ORD-2026-000045: Sefwi Wiawso>Sefwi Wiawso\n${texts.mineStage('AT_ORIGIN', 'Sefwi Wiawso Depot', 'Sefwi Wiawso Depot')}\n${texts.mineCodes}\n0. ${texts.back}`, longest([texts.pickNumber, texts.loadGone, texts.codesTooMany])],
        [`${texts.earnings('GHS 200,000.00', 'GHS 200,000.00', 'GHS 200,000.00')}\n0. ${texts.back}`, longest([texts.pickNumber])],
      ];
      for (const [screen, problem] of screens) expect(toGsm(screen).length + 1 + problem, screen).toBeLessThanOrEqual(SCREEN_AIM);
      for (const end of [texts.loadAccepted('ORD-2026-000045', 'Sefwi Wiawso Depot'), texts.codesSent, texts.noLoads, texts.noMine, texts.loadsElsewhere('Greater Accra')]) expect(toGsm(end).length).toBeLessThanOrEqual(SCREEN_AIM);
    }
  });
});
