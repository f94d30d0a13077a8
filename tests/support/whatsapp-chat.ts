import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { answerWhatsApp } from '../../src/server/modules/whatsapp/conversation';
import { WHATSAPP_LIMITS as L, type WhatsAppInbound, type WhatsAppOutgoing } from '../../src/server/modules/whatsapp/messages';
import type { TestServer } from './server';
import { dropOffAt, makeProduct, type Shop } from './shop';

/** Every reply within the Cloud API's limits (Meta refuses a message over them). */
export function expectWithinLimits(out: WhatsAppOutgoing[]) {
  for (const m of out) {
    if (m.type === 'text') expect(m.body.length).toBeLessThanOrEqual(L.textBody);
    if (m.type === 'image') expect((m.caption ?? '').length).toBeLessThanOrEqual(L.caption);
    if (m.type === 'buttons') {
      expect(m.body.length).toBeLessThanOrEqual(L.body);
      expect(m.buttons.length).toBeGreaterThan(0);
      expect(m.buttons.length).toBeLessThanOrEqual(L.buttons);
      for (const b of m.buttons) expect(b.title.length, b.title).toBeLessThanOrEqual(L.buttonTitle);
      expect(new Set(m.buttons.map((b) => b.id)).size).toBe(m.buttons.length);
    }
    if (m.type === 'list') {
      expect(m.body.length).toBeLessThanOrEqual(L.body);
      expect(m.button.length).toBeLessThanOrEqual(L.listButton);
      const rows = m.sections.flatMap((s) => s.rows);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(L.listRows);
      for (const r of rows) {
        expect(r.title.length, r.title).toBeLessThanOrEqual(L.rowTitle);
        expect((r.description ?? '').length).toBeLessThanOrEqual(L.rowDescription);
      }
    }
    // Nothing we send carries a control character but the line breaks we put there.
    expect(JSON.stringify(m)).not.toMatch(/\\u00[01][0-9a-f]|\\u007f/i);
  }
}

/** A number no other test writes from (+233…, as the webhook's `from` becomes). */
export const freshNumber = () => `+23324${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

const choicesOf = (out: WhatsAppOutgoing[]) =>
  out.flatMap((m) => (m.type === 'list' ? m.sections.flatMap((s) => s.rows) : m.type === 'buttons' ? m.buttons : []));

/** All the words of a reply, for asserting on. */
export const wordsOf = (out: WhatsAppOutgoing[]) =>
  out.map((m) => (m.type === 'image' ? (m.caption ?? '') : m.type === 'template' ? m.params.join(' ') : m.type === 'notice' ? m.text : [m.body, ...choicesOf([m]).map((c) => `${c.title} ${'description' in c ? (c.description ?? '') : ''}`)].join('\n'))).join('\n');

/** One person's chat: `say` types, `tap` chooses the row or button whose words contain `words` (turning list pages). */
export function chat(server: TestServer, from = freshNumber()) {
  let last: WhatsAppOutgoing[] = [];
  const send = async (message: Partial<WhatsAppInbound>) => {
    last = await answerWhatsApp(server.deps, { id: `wamid.${randomUUID()}`, from, at: new Date().toISOString(), kind: 'text', ...message });
    expectWithinLimits(last);
    return last;
  };
  return {
    from,
    last: () => last,
    send,
    say: (text: string) => send({ kind: 'text', text }),
    async tap(words: string) {
      for (let page = 0; page < 5; page++) {
        const hit = choicesOf(last).find((c) => `${c.title} ${'description' in c ? (c.description ?? '') : ''}`.includes(words));
        if (hit) return send({ kind: 'choice', choiceId: hit.id, choiceTitle: hit.title });
        const more = choicesOf(last).find((c) => c.title === 'More' || c.title === 'Bio');
        if (!more) break;
        await send({ kind: 'choice', choiceId: more.id, choiceTitle: more.title });
      }
      throw new Error(`"${words}" is not offered:\n${wordsOf(last)}`);
    },
  };
}

/** Greets, and walks Buy to the confirm message for 2 of a fresh product (its seller drops off at the shop's warehouse: nothing travels). */
export async function walkToConfirm(shop: Shop, c: ReturnType<typeof chat>) {
  const db = shop.server.deps.db;
  const seller = await db.selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
  await dropOffAt(shop.server, shop.warehouseId, [seller.id]);
  const productId = await makeProduct(shop.server, 10, 1_250, seller.id);
  const { name } = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow();
  const warehouse = await db.selectFrom('warehouses').select('name').where('id', '=', shop.warehouseId).executeTakeFirstOrThrow();
  expect(wordsOf(await c.say('Hi'))).toContain('Buy');
  await c.tap('Buy');
  if (wordsOf(c.last()).includes('region')) await c.tap('Ashanti');
  expect(wordsOf(c.last())).toContain('choose a category');
  await c.tap('Tubers');
  const card = await c.tap(name.slice(0, 15));
  expect(wordsOf(card)).toContain('GHS 12.50 each');
  expect(wordsOf(card)).toContain(`/product/${productId}`);
  await c.say('2');
  expect(wordsOf(c.last())).toContain('Pick up at:');
  const confirm = await c.tap(warehouse.name.slice(0, 20));
  expect(wordsOf(confirm)).toMatch(/Total GHS \d+\.\d\d/);
  return { c, productId, name, confirm };
}
