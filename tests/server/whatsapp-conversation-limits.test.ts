import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../src/server/modules/whatsapp/render';
import { shopServer } from '../support/shop';
import { chat, expectWithinLimits, wordsOf } from '../support/whatsapp-chat';

const shop = shopServer();

/** The titles a reply offers (rows and buttons), to tap each in turn. */
const titles = (out: Awaited<ReturnType<ReturnType<typeof chat>['say']>>) =>
  out.flatMap((m) => (m.type === 'list' ? m.sections.flatMap((s) => s.rows) : m.type === 'buttons' ? m.buttons : [])).map((c) => c.title);

/**
 * Walks the menu two taps deep in both languages (every top item, then every choice it offers),
 * each path from a fresh number: every reply is held to WHATSAPP_LIMITS by the chat helper.
 */
describe('WhatsApp: every reply within the Cloud API limits', () => {
  for (const language of ['English', 'Twi'] as const) {
    it(`walks the menus in ${language}`, async () => {
      const start = async () => {
        const c = chat(shop.server);
        await c.say('hi');
        if (language === 'Twi') {
          await c.tap('Language');
          await c.tap('Twi');
        }
        return c;
      };
      const top = titles((await start()).last());
      expect(top.length).toBeGreaterThanOrEqual(5);
      let replies = 0;
      for (const item of top) {
        const first = await start();
        const opened = await first.tap(item);
        replies += 1;
        for (const next of titles(opened).slice(0, 10)) {
          const c = await start();
          await c.tap(item);
          await c.tap(next);
          replies += 1;
        }
        // Typed answers too (a crop's price, a search).
        const typed = await start();
        await typed.tap(item);
        expectWithinLimits(await typed.say('maize'));
      }
      expect(replies).toBeGreaterThan(20);
    });
  }

  it('a screen of many long choices becomes a list of ten rows, each title cut at a word', () => {
    const lines = ['Heading', ...Array.from({ length: 12 }, (_, i) => `${i + 1}. A very long product name number ${i} GHS 1,250.00`), '98. More', '0. Back'];
    const out = renderScreen(lines.join('\n'), 'buy.listings', 'Choose');
    expectWithinLimits([out]);
    expect(out.type).toBe('list');
    if (out.type !== 'list') return;
    expect(out.sections[0]!.rows).toHaveLength(10);
    expect(out.sections[0]!.rows[0]!.description).toMatch(/^GHS 1,250.00 · A very long product name/);
    expect(wordsOf([out])).not.toContain('Back');
  });

  it('two or three choices become buttons; a long one keeps its words in the body', () => {
    const out = renderScreen('Total GHS 25.00\n1. Confirm and pay by MoMo\n0. Back', 'buy.confirm', 'Choose');
    expectWithinLimits([out]);
    expect(out).toMatchObject({ type: 'buttons', buttons: [{ id: 'buy.confirm|1', title: 'Confirm and pay by' }, { id: 'buy.confirm|0', title: 'Back' }] });
    if (out.type === 'buttons') expect(out.body).toContain('1. Confirm and pay by MoMo');
  });
});
