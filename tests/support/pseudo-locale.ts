import { act } from '@testing-library/react';
import { COMPANY, COMPANY_ADDRESS_LINE } from '../../src/shared/company';
import { GHANA_REGIONS } from '../../src/shared/catalogue';
import { NETWORK_LABELS } from '../../src/shared/phone';
import { activate, loadLocale, type ShownLocale } from '../../src/shared/i18n';

const OPEN = '⟦';
const CLOSE = '⟧';

/**
 * Names, not words: the brand, the languages' own names, the company's contacts, Ghana, the money sign
 * (formatCedis), Ghana's regions (official names, like a town's), the mobile money networks'
 * brands. And the months of a date:
 * they come from the dates module's month table (src/shared/dates.ts), English under the
 * pseudo-locale; their Twi is checked in words by the Twi tests.
 */
const NAMES = [
  COMPANY.name, COMPANY.legalName, COMPANY_ADDRESS_LINE, ...COMPANY.social.map((s) => s.name), 'WhatsApp', 'Akuafo', 'Market', 'English', 'Twi', 'GH₵', 'Ghana',
  ...GHANA_REGIONS,
  ...Object.values(NETWORK_LABELS),
];
const MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/g;

/**
 * Every text a reader sees or hears (text nodes, accessible names, placeholders) outside the
 * catalogue's ⟦…⟧ marks, once the catalogue's parts are taken out. Only digits, punctuation
 * and names may be left: any word left is a string that did not come from the catalogue.
 * Test data that stands for what people typed (a product's name) is bracketed like the catalogue's text;
 * `data`: other names that are data, not the app's words (categories, countries, initials).
 */
export function untranslated(root: HTMLElement, data: readonly string[] = []): string[] {
  // Longest first: "Bono East" before "Bono".
  const names = [...NAMES, ...data].sort((a, b) => b.length - a.length);
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A style sheet's text is not read by anyone.
    if (node.parentElement?.tagName !== 'STYLE') texts.push(node.textContent ?? '');
  }
  for (const el of root.querySelectorAll('*')) {
    for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) texts.push(value);
    }
  }
  return texts
    .map((text) => {
      let rest = text;
      // Innermost first: a message can hold another (a label with an item count).
      for (let before = ''; before !== rest; ) {
        before = rest;
        rest = rest.replace(new RegExp(`${OPEN}[^${OPEN}${CLOSE}]*${CLOSE}`, 'g'), ' ');
      }
      for (const name of names) rest = rest.replaceAll(name, ' ');
      // Order numbers (ORD-2026-000123) are codes, not words.
      return rest.replace(MONTH, ' ').replace(/\b[A-Z]{2,}-\d[\d-]*/g, ' ').replace(/\S+@\S+/g, ' ').replace(/[^\p{L}]+/gu, ' ').trim();
    })
    .filter((rest) => /\p{L}{2,}/u.test(rest));
}

/** Loads a language whole and shows it (the pseudo-locale too). */
export async function inLocale(locale: ShownLocale): Promise<void> {
  await loadLocale(locale);
  act(() => activate(locale));
}
